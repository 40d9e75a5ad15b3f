$x = Float('abc')
notify { "${x}": }
