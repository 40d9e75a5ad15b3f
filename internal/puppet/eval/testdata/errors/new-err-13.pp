$x = Hash(1)
notify { "${x}": }
