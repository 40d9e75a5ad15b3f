function f(Integer $x) >> String { $x }
$r = f(1)
