# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/wc && git clone -q --bare $ROOT/src $ROOT/r/bare && mkdir $ROOT/r/plain && echo x > $ROOT/r/plain/f
vcsrepo { '@ROOT@/r/wc': ensure => absent, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/bare': ensure => absent, provider => git }
vcsrepo { '@ROOT@/r/plain': ensure => absent, provider => git }
vcsrepo { '@ROOT@/r/none': ensure => absent, provider => git }
