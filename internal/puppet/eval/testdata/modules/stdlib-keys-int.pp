$x = keys(1)
