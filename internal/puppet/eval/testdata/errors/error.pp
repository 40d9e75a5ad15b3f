$x = Error(1)
