$x = String()
notify { "${x}": }
