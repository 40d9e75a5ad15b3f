# == on strings compares ASCII letters without case only, as Ruby's casecmp.
notify { 'x': message => ['10' < '9', '10' == 10, 1 == 1.0, 'a' == 'A', 'é' == 'É', 0x10 == 16, 1e2 == 100, -0.0 == 0, '' == '', [1, [2]] == [1, [2.0]], {a => 1} == {a => 1.0}] }
