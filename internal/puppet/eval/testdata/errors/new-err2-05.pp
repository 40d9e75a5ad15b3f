$x = Regexp('(')
notify { "${x}": }
