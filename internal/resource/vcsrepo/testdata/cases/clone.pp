# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/plain': ensure => present, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/url': ensure => present, provider => git, source => 'file://@ROOT@/src' }
vcsrepo { '@ROOT@/r/tag': ensure => present, provider => git, source => '@ROOT@/src', revision => 'v1' }
vcsrepo { '@ROOT@/r/branch': ensure => present, provider => git, source => '@ROOT@/src', revision => 'dev' }
vcsrepo { '@ROOT@/r/sha': ensure => present, provider => git, source => '@ROOT@/src', revision => '4525d722493d2a500a9a834cc2098b9ed2a03e1f' }
