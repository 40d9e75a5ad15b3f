notify { 'x': message => pw_hash('a', 'SHA-512', 'bad$salt') }
