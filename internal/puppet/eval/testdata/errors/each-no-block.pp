$x = [1].each
