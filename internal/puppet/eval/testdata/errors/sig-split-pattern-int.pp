$x = split('a', 1)
