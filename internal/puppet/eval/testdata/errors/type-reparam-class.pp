notify { 'n1': message => String(Class['a']['b']) }
