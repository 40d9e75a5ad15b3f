notify { 'x': message +> 'a' }
