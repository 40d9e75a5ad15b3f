$x = next(1)
