$x = Boolean('yes', 'no')
notify { "${x}": }
