notify { 'x': message => ['a' =~ '('] }
