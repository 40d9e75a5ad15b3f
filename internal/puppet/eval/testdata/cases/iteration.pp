$a = [1, 2, 3]
$a.each |$x| { notify { "each-${x}": } }
$a.each |$i, $x| { notify { "each2-${i}-${x}": } }
{ 'k1' => 'v1', 'k2' => 'v2' }.each |$k, $v| { notify { "h-${k}-${v}": } }
{ 'k3' => 'v3' }.each |$pair| { notify { "p-${pair[0]}-${pair[1]}": } }
$m = $a.map |$x| { $x * 10 }
$f = $a.filter |$x| { $x > 1 }
$r = $a.reduce |$memo, $x| { $memo + $x }
$r2 = $a.reduce(100) |$memo, $x| { $memo + $x }
$w = with(1, 2) |$p, $q| { $p + $q }
$hf = { 'a' => 1, 'b' => 2 }.filter |$k, $v| { $v > 1 }
$hm = { 'a' => 1, 'b' => 2 }.map |$k, $v| { "${k}=${v}" }
notify { 'results': message => [$m, $f, $r, $r2, $w, $hf, $hm] }
3.each |$i| { notify { "times-${i}": } }
$s = [[1, 2], [3, 4]].map |$p| { $p[0] + $p[1] }
notify { 'pairs': message => $s }
