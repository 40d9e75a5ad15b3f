notify { 'n1': message => String(Integer[1,2][1]) }
