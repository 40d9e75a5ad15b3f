# in with strings, arrays, hashes, regexps and types.
notify { 'x': message => [1 in [1.0], 'a' in [1, 'A'], /b/ in {'abc'=>1}, 'B' in {'abc'=>1}, Integer in {1=>2}, 2 in '123', [1] in [[1],2], {a=>1} in [{'A'=>1}], 'a' in ['a'=~/a/], String in 'abc', undef in [undef], default in [default], true in [true]] }
