# == on odd pairs of values.
notify { 'x': message => [[] == [], {} == {}, [1] == 1, '' == undef, undef == [], 1 == true, 'true' == true, /a/ == /a/, Integer == Integer[default, default], 1.0 == '1.0'] }
