$x = Timespan('x')
