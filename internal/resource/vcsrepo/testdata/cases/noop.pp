# flags: --noop
# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/existing && git clone -q $ROOT/src $ROOT/r/gone && git clone -q $ROOT/src $ROOT/r/latest && $TESTDATA/mkrepo $ROOT/src commit three
vcsrepo { '@ROOT@/r/new': ensure => present, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/existing': ensure => present, provider => git, source => '@ROOT@/src', revision => 'dev' }
vcsrepo { '@ROOT@/r/gone': ensure => absent, provider => git }
vcsrepo { '@ROOT@/r/latest': ensure => latest, provider => git, source => '@ROOT@/src' }
