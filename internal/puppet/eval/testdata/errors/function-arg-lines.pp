function f(Array[Integer] $x) { $x }
$r = f([1, 'a', 'b'])
