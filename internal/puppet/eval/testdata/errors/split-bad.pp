$x = split(1, ',')
