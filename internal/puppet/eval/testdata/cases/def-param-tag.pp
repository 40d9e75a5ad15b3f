define foo($tag = 'x') { notify { "n=${tag}": } }
foo { 'a': }
