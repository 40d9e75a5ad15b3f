$x = Boolean('')
notify { "${x}": }
