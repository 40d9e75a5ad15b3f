vcsrepo { '@ROOT@/r/x': ensure => installed, provider => git }
