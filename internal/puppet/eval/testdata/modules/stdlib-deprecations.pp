class c {
  $m = merge({'a' => 1}, {'b' => 2})
  [1].each |$i| {
    $j = to_json([$i])
  }
}
define d {
  $t = type_of($title)
}
$x = merge({}, {})
include c
d { 'x': }
$y = validate_legacy('String', 'validate_re', 'x')
$z = [1, 2].map |$v| { seeded_rand(10, "${v}") }
notify { "${z}": }
