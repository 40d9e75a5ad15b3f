class foo($require = 'x', $before = 'y') { notify { "r=${require} b=${before}": } }
include foo
