file { ['@ROOT@/r/a', '@ROOT@/r/b', '@ROOT@/r/c', '@ROOT@/r/d', '@ROOT@/r/e']: ensure => file }
File['@ROOT@/r/a'] -> File['@ROOT@/r/b'] ~> File['@ROOT@/r/c'] <- File['@ROOT@/r/d'] <~ File['@ROOT@/r/e']
