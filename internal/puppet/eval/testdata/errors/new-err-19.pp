$x = Timespan('x')
notify { "${x}": }
