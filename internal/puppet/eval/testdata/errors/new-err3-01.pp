$x = Integer[1, 5]('9')
notify { "${x}": }
