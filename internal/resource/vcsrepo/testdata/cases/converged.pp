# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/a && git clone -q $ROOT/src $ROOT/r/b && git -C $ROOT/r/b checkout -q v1 && git clone -q $ROOT/src $ROOT/r/c && git clone -q $ROOT/src $ROOT/r/d
vcsrepo { '@ROOT@/r/a': ensure => present, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/b': ensure => present, provider => git, source => '@ROOT@/src', revision => 'v1' }
vcsrepo { '@ROOT@/r/c': ensure => latest, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/d': ensure => present, provider => git, source => '@ROOT@/src', revision => 'main' }
