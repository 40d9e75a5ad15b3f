class foo($title = 'x') { notify { "t=${title}": } }
include foo
