$x = String('abc', '%5s|')
notify { "${x}": }
