$x = Float[0.0, 1.0]('2.5')
notify { "${x}": }
