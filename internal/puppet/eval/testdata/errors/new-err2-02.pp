$x = Array(1.5)
notify { "${x}": }
