class foo inherits nosuch {}
include foo
