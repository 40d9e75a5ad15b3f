$x = Boolean.new(1, 2)
notify { "${x}": }
