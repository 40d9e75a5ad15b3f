$x = stdlib::pick(1)
