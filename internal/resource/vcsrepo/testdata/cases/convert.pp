# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/tobare && git clone -q --bare $ROOT/src $ROOT/r/towc && git clone -q --bare $ROOT/src $ROOT/r/tomirror && git clone -q --mirror $ROOT/src $ROOT/r/unmirror
vcsrepo { '@ROOT@/r/tobare': ensure => bare, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/towc': ensure => present, provider => git }
vcsrepo { '@ROOT@/r/tomirror': ensure => mirror, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/unmirror': ensure => bare, provider => git, source => '@ROOT@/src' }
