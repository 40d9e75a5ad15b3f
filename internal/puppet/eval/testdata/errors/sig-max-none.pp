$x = max()
