notify { 'x': message => String(lookup([], undef, undef, 3)) }
