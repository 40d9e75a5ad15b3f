notify { 'n1': message => String(String[1][2]) }
