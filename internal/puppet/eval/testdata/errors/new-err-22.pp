$x = SemVerRange('>>1')
notify { "${x}": }
