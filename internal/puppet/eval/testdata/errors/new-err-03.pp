$x = Float('1', 'x')
notify { "${x}": }
