
class foo(
  $a = 1,
  $trusted = 1,
) { notify { "x": } }

class { 'foo': }
