vcsrepo { '@ROOT@/r/x': ensure => present, provider => git, revision => 'a b' }
