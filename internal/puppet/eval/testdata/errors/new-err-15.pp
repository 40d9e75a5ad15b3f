$x = Hash([1, 2, 3])
notify { "${x}": }
