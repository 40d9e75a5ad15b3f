# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/existing
vcsrepo { '@ROOT@/r/new': ensure => present, provider => git, source => '@ROOT@/src', revision => 'nosuch' } -> notify { 'after new': }
vcsrepo { '@ROOT@/r/existing': ensure => present, provider => git, source => '@ROOT@/src', revision => 'nosuch' } -> notify { 'after existing': }
