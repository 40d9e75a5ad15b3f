$x = Regexp(1)
notify { "${x}": }
