# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q --bare $ROOT/src $ROOT/src2 && git clone -q $ROOT/src $ROOT/r/change
vcsrepo { '@ROOT@/r/hash': ensure => present, provider => git, source => { 'origin' => '@ROOT@/src', 'other' => '@ROOT@/src2' } }
vcsrepo { '@ROOT@/r/upstream': ensure => present, provider => git, remote => 'upstream', source => '@ROOT@/src', revision => 'dev' }
vcsrepo { '@ROOT@/r/nokey': ensure => present, provider => git, source => { 'other' => '@ROOT@/src2' } }
vcsrepo { '@ROOT@/r/change': ensure => present, provider => git, source => { 'origin' => '@ROOT@/src', 'other' => '@ROOT@/src2' } }
