notify { 'x': message => String(lookup('::nosuch', undef, undef, 'd')) }
