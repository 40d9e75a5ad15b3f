$x = Sensitive(1, 2)
notify { "${x}": }
