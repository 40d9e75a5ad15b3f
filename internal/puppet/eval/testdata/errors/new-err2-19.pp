$x = Float(1, true, false)
notify { "${x}": }
