$x = SemVer('1.x')
notify { "${x}": }
