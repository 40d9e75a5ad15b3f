class foo($_x = 1) { notify { "x ${_x}": } }
include foo
