$x = range('a')
