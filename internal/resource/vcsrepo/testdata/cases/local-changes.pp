# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/keep && echo local > $ROOT/r/keep/a.txt && git clone -q $ROOT/src $ROOT/r/drop && echo local > $ROOT/r/drop/a.txt && git clone -q $ROOT/src $ROOT/r/wrongurl
vcsrepo { '@ROOT@/r/keep': ensure => present, provider => git, source => '@ROOT@/src', revision => 'v1', keep_local_changes => true }
vcsrepo { '@ROOT@/r/drop': ensure => present, provider => git, source => '@ROOT@/src', revision => 'v1' }
vcsrepo { '@ROOT@/r/wrongurl': ensure => present, provider => git, source => 'file://@ROOT@/src' }
