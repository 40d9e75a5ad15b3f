# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/depth': ensure => present, provider => git, source => 'file://@ROOT@/src', depth => 1 }
vcsrepo { '@ROOT@/r/depthrev': ensure => present, provider => git, source => 'file://@ROOT@/src', depth => 1, revision => 'dev' }
vcsrepo { '@ROOT@/r/branch': ensure => present, provider => git, source => '@ROOT@/src', branch => 'dev' }
vcsrepo { '@ROOT@/r/excludes': ensure => present, provider => git, source => '@ROOT@/src', excludes => ['*.log', 'tmp/'] }
vcsrepo { '@ROOT@/r/nosub': ensure => present, provider => git, source => '@ROOT@/src', submodules => false, trust_server_cert => true }
vcsrepo { '@ROOT@/r/owner': ensure => present, provider => git, source => '@ROOT@/src', owner => 'nobody', group => 'nogroup' }
