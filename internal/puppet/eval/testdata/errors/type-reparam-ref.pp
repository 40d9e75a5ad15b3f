notify { 'n1': message => String(File['a']['b']) }
