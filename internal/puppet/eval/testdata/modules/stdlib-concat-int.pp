$x = concat(1, 2)
