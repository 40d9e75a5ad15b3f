$x = Float(' 12 ')
notify { "${x}": }
