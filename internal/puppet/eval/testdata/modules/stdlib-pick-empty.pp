$x = pick()
