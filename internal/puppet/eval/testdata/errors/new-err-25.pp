$x = Float('1', true, 3)
notify { "${x}": }
