notify { 'x': message => pw_hash('secret', 'bcrypt', '4$abcdefghijklmnopqrstuv') }
