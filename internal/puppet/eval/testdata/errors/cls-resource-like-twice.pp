class foo($x = 1) { notify { "foo ${x}": } }
class { 'foo': x => 2 }
class { 'foo': x => 3 }
