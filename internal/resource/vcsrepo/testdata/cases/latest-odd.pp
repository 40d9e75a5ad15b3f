# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/detached && git -C $ROOT/r/detached checkout -q v1 && git init -q $ROOT/r/empty && git clone -q $ROOT/src $ROOT/r/local && git clone -q --bare $ROOT/src $ROOT/r/barelatest && git clone -q $ROOT/src $ROOT/r/tagged && git -C $ROOT/r/tagged checkout -q v1 && $TESTDATA/mkrepo $ROOT/src commit three
vcsrepo { '@ROOT@/r/detached': ensure => latest, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/empty': ensure => latest, provider => git }
vcsrepo { '@ROOT@/r/local': ensure => latest, provider => git }
vcsrepo { '@ROOT@/r/barelatest': ensure => latest, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/tagged': ensure => latest, provider => git, source => '@ROOT@/src', revision => 'v1' }
