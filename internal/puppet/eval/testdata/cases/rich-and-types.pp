define d($a = undef, $b = undef, $c = undef) {}
notify { 'r1': message => [Integer, Timespan(1)] }
notify { 'r2': message => [Timespan(2), /re/, Integer[1, 2]] }
d { 'r3': a => Binary('aGk='), b => String, c => Timestamp('2020-01-01T00:00:00.000 UTC') }
d { 'r4': a => {/k/ => SemVer('1.2.3'), 'v' => default}, b => [Deferred('join', [[1], ',']), Regexp] }
notify { 'r5': message => Timespan(5) }
notify { 'r6': message => Integer }
notify { 'r7': message => {'s' => Sensitive('x'), 't' => Array[String]} }
d { 'r8': a => SemVerRange('>=1.0.0'), b => {Integer => Timespan(8)} }
