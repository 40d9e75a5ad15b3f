$x = regsubst('a', 'a', 'b', 'Q')
