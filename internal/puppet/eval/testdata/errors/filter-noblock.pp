$x = [1].filter
