$x = suffix(1, 'x')
