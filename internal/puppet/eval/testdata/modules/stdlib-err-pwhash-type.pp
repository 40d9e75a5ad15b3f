notify { 'x': message => pw_hash('a', 'sha-1024', 'x') }
