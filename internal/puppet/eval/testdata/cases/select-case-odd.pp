# Selectors and case with no match, types, regexps and captures, arrays.
$r1 = 'abc' ? { /b(.)/ => $1, default => 'n' }
notify { 'c1': message => $r1 }
$r2 = 5 ? { Integer[1,3] => 'low', Integer => 'int' }
notify { 'c2': message => $r2 }
$r3 = [1,2] ? { [1,2] => 'yes', default => 'no' }
notify { 'c3': message => $r3 }
$r4 = [1,2] ? { [1, Integer] => 'yes', default => 'no' }
notify { 'c4': message => $r4 }
$r5 = 'A' ? { 'a' => 'ci', default => 'no' }
notify { 'c5': message => $r5 }
$r6 = 1 ? { '1' => 'str', default => 'no' }
notify { 'c6': message => $r6 }
$r7 = 'x' ? { ['a','x'] => 'arr', default => 'no' }
notify { 'c7': message => $r7 }
case 'c' { 'a': { $r8 = 1 } }
notify { 'c8': message => "${r}" }
case 'abc' { /(b)(c)/: { $r9 = "${1}-${2}-${0}" } }
notify { 'c9': message => $r9 }
case 5 { Integer[1,3]: { $r10 = 'a' } Integer: { $r10 = 'b' } }
notify { 'c10': message => $r10 }
case 'b' { 'a', 'b': { $r11 = 'list' } default: { $r11 = 'd' } }
notify { 'c11': message => $r11 }
case [1,2] { [1,2]: { $r12 = 'arr' } default: { $r12 = 'd' } }
notify { 'c12': message => $r12 }
case 'x' { default: { $r13 = 'd' } 'x': { $r13 = 'x' } }
notify { 'c13': message => $r13 }
case {a=>1} { {a=>1}: { $r14 = 'h' } default: { $r14 = 'd' } }
notify { 'c14': message => $r14 }
case 'A' { 'a': { $r15 = 'ci' } default: { $r15 = 'd' } }
notify { 'c15': message => $r15 }
$x16 = undef
$r16 = $x16 ? { undef => 'u', default => 'd' }
notify { 'c16': message => $r16 }
$r17 = 'x' ? { default => 'd', 'x' => 'x' }
notify { 'c17': message => $r17 }
$r18 = Integer ? { Type[Integer] => 't', default => 'd' }
notify { 'c18': message => $r18 }
$r19 = 'abc' ? { /z/ => 1, /(a)/ => $1 }
notify { 'c19': message => "${r}[${1}]" }
$x20 = 'b'
$r20 = $x20 ? { /(a)|(b)/ => "${1}-${2}" }
notify { 'c20': message => $r20 }
$r21 = 'x' ? { Integer => 1, String[2] => 2, default => 3 }
notify { 'c21': message => $r21 }
$r22 = [1, 'a'] ? { Array[Integer] => 'ints', Array[Variant[Integer, String]] => 'mixed' }
notify { 'c22': message => $r22 }
case 3 { 1, 2: { $r23 = 'a' } [3]: { $r23 = 'arr' } default: { $r23 = 'd' } }
notify { 'c23': message => $r23 }
case 'abc' { /x/: { $r24 = 1 } }
notify { 'c24': message => "${r}" }
case undef { '': { $r25 = 'empty' } undef: { $r25 = 'undef' } default: { $r25 = 'd' } }
notify { 'c25': message => $r25 }
$r26 = undef ? { '' => 'empty', default => 'd' }
notify { 'c26': message => $r26 }
