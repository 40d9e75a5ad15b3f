define foo($title = 'x') { notify { "t=${title}": } }
foo { 'a': }
