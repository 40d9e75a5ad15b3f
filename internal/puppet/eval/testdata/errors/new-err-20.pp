$x = Timestamp('nope')
notify { "${x}": }
