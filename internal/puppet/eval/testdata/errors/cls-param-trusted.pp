class foo($trusted = 1) { notify { "x": } }
include foo
