$x = Enum['a']('b')
notify { "${x}": }
