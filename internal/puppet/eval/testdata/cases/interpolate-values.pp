# Arrays, hashes, undef, types, regexps, default and Sensitive in strings.
$a = [1, 'a', undef, [undef], {a => undef}]
$h = {a => 1, b => [undef], 'c d' => "x\ny"}
$t = [Integer, Integer[1,2], String[1], Optional[String], Hash[String,Integer], Enum[a,'b c'], Pattern[/a/, 'b'], File['/tmp'], Struct[{a=>Integer}], Callable, Tuple[Integer], Variant[Integer], Type[String], Regexp, Regexp[/x/], NotUndef, Array[Integer]]
$r = /a.b/
$d = default
$sen = Sensitive('x')
notify { 'a': message => "${a}" }
notify { 'h': message => "${h}" }
notify { 't': message => $t.map |$x| { "${x}" } }
notify { 'r': message => "${r} ${[$r]} ${d} ${[$d]} ${sen} ${[$sen]} ${[true, 1.5]}" }
notify { 'e': message => "${['a\"b']} ${['\\']} ${["\t"]} ${{1=>2}}" }
notify { 'u': message => "|${[undef]}|${{a=>undef}}" }
