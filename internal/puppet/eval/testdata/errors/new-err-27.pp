$x = Integer('12', 10, true, 1)
notify { "${x}": }
