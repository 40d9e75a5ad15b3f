class withparams(
  String $name_p,
  Integer $count = 3,
  Optional[String] $opt = undef,
  Array[String] $list = ['a', 'b'],
  Hash $h = { 'k' => 'v' },
  Boolean $flag = false,
  $untyped = "default-${count}",
) {
  notify { 'params': message => [$name_p, $count, $opt, $list, $h, $flag, $untyped] }
}
class { 'withparams': name_p => 'x', count => 5 }
