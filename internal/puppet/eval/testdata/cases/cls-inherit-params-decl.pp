class base($x = 1) { notify { "base ${x}": } }
class foo($y = 2) inherits base { notify { "foo ${x} ${y}": } }
class { 'foo': y => 3 }
