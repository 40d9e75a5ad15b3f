$x = Regexp()
notify { "${x}": }
