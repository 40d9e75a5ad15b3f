$outer = 'O'
$r = [1, 2].map |$x| { $inner = $x * 2 "${outer}${inner}" }
notify { 'ls': message => $r }
