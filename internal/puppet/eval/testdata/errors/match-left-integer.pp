notify { 'x': message => [1 =~ /1/] }
