$x = member(1, 2)
