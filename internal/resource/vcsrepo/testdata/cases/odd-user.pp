# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/a': ensure => present, provider => git, source => '@ROOT@/src', user => 'ordonosuchuser' } -> notify { 'after a': }
vcsrepo { '@ROOT@/r/b': ensure => present, provider => git, source => '@ROOT@/src', owner => 'ordonosuchuser' }
notify { 'other': }
