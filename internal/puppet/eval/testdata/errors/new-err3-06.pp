$x = Optional[Integer]('x')
notify { "${x}": }
