$x = Float([1])
notify { "${x}": }
