function f(Integer $x) { $x }
$y = f(1, 2)
