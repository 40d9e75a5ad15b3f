class foo2 { notify { 'foo2': } }
include foo2
