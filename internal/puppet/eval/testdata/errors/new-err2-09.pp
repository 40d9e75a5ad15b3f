$x = SemVer(1)
notify { "${x}": }
