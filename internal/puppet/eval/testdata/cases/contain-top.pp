class foo { notify { 'x': } }
contain foo
