class foo($facts = 1) { notify { "x": } }
include foo
