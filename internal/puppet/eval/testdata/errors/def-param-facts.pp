define foo($facts = 1) { notify { "x": } }
foo { 'a': }
