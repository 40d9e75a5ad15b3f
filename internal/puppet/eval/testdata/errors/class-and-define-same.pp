class foo { notify { 'c': } }
define foo() { notify { 'd': } }
include foo
