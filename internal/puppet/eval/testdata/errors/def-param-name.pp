define foo($name = 'x') { notify { "n=${name}": } }
foo { 'a': }
