vcsrepo { 'relative/path': ensure => present, provider => git }
