$x = regsubst(1, 'a', 'b')
