$x = Regexp('a', 1)
notify { "${x}": }
