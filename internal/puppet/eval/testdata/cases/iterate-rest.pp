# A lambda that captures the rest takes the (index, element) or (key,
# value) form; reverse_each walks a hash as [key, value] pairs.
$a = [[1, 2]].map |*$x| { $x }
$b = {a => 1}.map |*$x| { $x }
$c = [1, 2].map |$x, *$y| { $y }
$d = Array({a => 1, b => 2}.reverse_each)
notify { 'x': message => [$a, $b, $c, $d] }
