notify { 'a': message +> 'y' }
