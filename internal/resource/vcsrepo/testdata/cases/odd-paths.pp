# setup: $TESTDATA/mkrepo $ROOT/src && echo x > $ROOT/r/file && mkdir $ROOT/r/full $ROOT/r/forced $ROOT/r/empty && echo y > $ROOT/r/full/f && echo z > $ROOT/r/forced/f
vcsrepo { '@ROOT@/r/file': ensure => present, provider => git, source => '@ROOT@/src' } -> notify { 'after file': }
vcsrepo { '@ROOT@/r/full': ensure => present, provider => git, source => '@ROOT@/src' } -> notify { 'after full': }
vcsrepo { '@ROOT@/r/forced': ensure => present, provider => git, source => '@ROOT@/src', force => true }
vcsrepo { '@ROOT@/r/empty': ensure => present, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/nosource': ensure => present, provider => git, source => '@ROOT@/nosuch' } -> notify { 'after nosource': }
vcsrepo { '@ROOT@/r/nodir/x': ensure => present, provider => git }
