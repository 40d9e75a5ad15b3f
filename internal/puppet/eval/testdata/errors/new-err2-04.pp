$x = Hash(1.5)
notify { "${x}": }
