$r = Integer.map |$x| { $x }
notify { 'x': message => $r }
