define foo($noop = 'x') { notify { "n=${noop}": } }
foo { 'a': }
