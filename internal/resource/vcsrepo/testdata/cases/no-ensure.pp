# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/existing
vcsrepo { '@ROOT@/r/existing': provider => git, source => '@ROOT@/src', revision => 'dev' }
vcsrepo { '@ROOT@/r/missing': provider => git, source => '@ROOT@/src', revision => 'dev' }
