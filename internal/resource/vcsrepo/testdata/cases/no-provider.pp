# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/a': ensure => present, source => '@ROOT@/src' } -> notify { 'after': }
vcsrepo { '@ROOT@/r/hg': ensure => present, provider => hg, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/svn': ensure => present, provider => svn, source => '@ROOT@/src' }
notify { 'other': }
