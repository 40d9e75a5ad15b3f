$x = SemVerRange('not a range')
