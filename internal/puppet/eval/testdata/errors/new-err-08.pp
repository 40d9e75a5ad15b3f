$x = Boolean('maybe')
notify { "${x}": }
