# setup: $TESTDATA/mkrepo $ROOT/src
notify { 'before': } ~> vcsrepo { '@ROOT@/r/a': ensure => present, provider => git, source => '@ROOT@/src' } ~> exec { 'cloned': command => '/bin/true', refreshonly => true }
