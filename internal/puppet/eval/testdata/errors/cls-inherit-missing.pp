class foo inherits bar { notify { 'x': } }
include foo
