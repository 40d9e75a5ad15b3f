class foo-bar { notify { 'x': } }
include foo-bar
