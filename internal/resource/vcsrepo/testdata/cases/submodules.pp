# setup: $TESTDATA/mkrepo $ROOT/sub && $TESTDATA/mkrepo $ROOT/src && $TESTDATA/mkrepo $ROOT/src submodule ../sub
vcsrepo { '@ROOT@/r/with': ensure => present, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/without': ensure => present, provider => git, source => '@ROOT@/src', submodules => false }
