class foo($name = 'x') { notify { "n=${name}": } }
include foo
