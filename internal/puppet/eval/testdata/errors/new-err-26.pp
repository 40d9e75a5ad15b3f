$x = Numeric(true, 'x')
notify { "${x}": }
