# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/norev && git clone -q $ROOT/src $ROOT/r/rev && git clone -q -b dev $ROOT/src $ROOT/r/same && git -C $ROOT/r/same sparse-checkout set --no-cone b.txt
vcsrepo { '@ROOT@/r/norev': ensure => present, provider => git, source => '@ROOT@/src', includes => ['a.txt'] }
vcsrepo { '@ROOT@/r/rev': ensure => present, provider => git, source => '@ROOT@/src', revision => 'dev', includes => ['b.txt'] }
vcsrepo { '@ROOT@/r/same': ensure => present, provider => git, source => '@ROOT@/src', includes => ['b.txt'] }
vcsrepo { '@ROOT@/r/bare': ensure => bare, provider => git, source => '@ROOT@/src', includes => ['b.txt'] }
