$x = Boolean([1])
notify { "${x}": }
