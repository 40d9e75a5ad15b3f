class base($x = 1) { notify { "base ${x}": } }
class foo inherits base { notify { "foo ${x}": } }
class { 'base': x => 5 }
include foo
