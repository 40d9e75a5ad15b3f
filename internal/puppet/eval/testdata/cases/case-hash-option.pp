# A hash option of case or a selector matches a hash holding its keys
# with matching values; the value's other keys do not matter.
case {a => 1, b => 2} { {a => 1}: { $r1 = 'sub' } default: { $r1 = 'd' } }
case {a => 1} { {a => 1, b => undef}: { $r2 = 'undef-key' } default: { $r2 = 'd' } }
$r3 = {a => 'x1', b => 2} ? { {a => /x(\d)/} => "re ${1}", default => 'd' }
$r4 = {a => 1} ? { {a => 2} => 'two', default => 'd' }
notify { 'x': message => [$r1, $r2, $r3, $r4] }
