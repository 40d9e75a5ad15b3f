$v = SemVer('1.2')
