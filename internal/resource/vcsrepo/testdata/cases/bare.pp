# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/bare': ensure => bare, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/mirror': ensure => mirror, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/initbare': ensure => bare, provider => git }
vcsrepo { '@ROOT@/r/init': ensure => present, provider => git }
vcsrepo { '@ROOT@/r/baretag': ensure => bare, provider => git, source => '@ROOT@/src', revision => 'v1' }
vcsrepo { '@ROOT@/r/initmirror': ensure => mirror, provider => git }
