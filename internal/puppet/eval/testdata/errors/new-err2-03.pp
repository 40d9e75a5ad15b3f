$x = Array(1, 'x')
notify { "${x}": }
