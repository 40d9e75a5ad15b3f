$x = round('a')
