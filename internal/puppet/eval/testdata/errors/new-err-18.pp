$x = Sensitive()
notify { "${x}": }
