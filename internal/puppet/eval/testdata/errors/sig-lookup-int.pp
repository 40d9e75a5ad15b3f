$x = lookup(1)
