class foo($x = 1) { notify { "foo ${x}": } }
include foo
class { 'foo': x => 3 }
