$x = Float()
notify { "${x}": }
