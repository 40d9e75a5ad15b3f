notify { 'x': message => shell_join('x') }
