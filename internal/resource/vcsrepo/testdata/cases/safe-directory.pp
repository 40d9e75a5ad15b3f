# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/listed && git config --system --add safe.directory $ROOT/r/listed && git clone -q $ROOT/src $ROOT/r/gone && git config --system --add safe.directory $ROOT/r/gone
vcsrepo { '@ROOT@/r/off': ensure => present, provider => git, source => '@ROOT@/src', owner => 'nobody', safe_directory => false }
vcsrepo { '@ROOT@/r/on': ensure => present, provider => git, source => '@ROOT@/src', owner => 'nobody', safe_directory => true }
vcsrepo { '@ROOT@/r/listed': ensure => present, provider => git, source => '@ROOT@/src', owner => 'root', safe_directory => false }
vcsrepo { '@ROOT@/r/gone': ensure => absent, provider => git, source => '@ROOT@/src' }
