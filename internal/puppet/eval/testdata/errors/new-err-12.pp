$x = String(1, 2)
notify { "${x}": }
