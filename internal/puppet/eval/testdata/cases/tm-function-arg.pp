function f(Integer $x) { $x }
$y = f('no')
