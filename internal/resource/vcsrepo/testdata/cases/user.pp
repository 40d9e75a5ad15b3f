# setup: $TESTDATA/mkrepo $ROOT/src && chmod 755 $ROOT && chmod 777 $ROOT/r && git clone -q $ROOT/src $ROOT/r/existing && chown -R nobody:nogroup $ROOT/r/existing
vcsrepo { '@ROOT@/r/init': ensure => present, provider => git, user => 'nobody' }
vcsrepo { '@ROOT@/r/existing': ensure => present, provider => git, source => '@ROOT@/src', user => 'nobody', revision => 'v1' }
