# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/latest && git clone -q $ROOT/src $ROOT/r/pinned && git clone -q $ROOT/src $ROOT/r/main && git clone -q $ROOT/src $ROOT/r/todev && git clone -q $ROOT/src $ROOT/r/totag && git clone -q $ROOT/src $ROOT/r/tosha && $TESTDATA/mkrepo $ROOT/src commit three
vcsrepo { '@ROOT@/r/latest': ensure => latest, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/pinned': ensure => latest, provider => git, source => '@ROOT@/src', revision => 'main' }
vcsrepo { '@ROOT@/r/main': ensure => present, provider => git, source => '@ROOT@/src', revision => 'main' }
vcsrepo { '@ROOT@/r/todev': ensure => present, provider => git, source => '@ROOT@/src', revision => 'dev' }
vcsrepo { '@ROOT@/r/totag': ensure => present, provider => git, source => '@ROOT@/src', revision => 'v1' }
vcsrepo { '@ROOT@/r/tosha': ensure => present, provider => git, source => '@ROOT@/src', revision => '82828dcae6c848f8fee23c945538bd5f28666a55' }
