$x = join([1], 1)
