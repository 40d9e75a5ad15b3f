$x = SemVer('')
