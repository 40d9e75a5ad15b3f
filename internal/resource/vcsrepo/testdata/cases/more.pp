# setup: $TESTDATA/mkrepo $ROOT/src && git clone -q $ROOT/src $ROOT/r/hooked && git clone -q $ROOT/src $ROOT/r/forcelatest
vcsrepo { '@ROOT@/r/sparse': ensure => present, provider => git, source => '@ROOT@/src', revision => 'dev', includes => ['b.txt'] }
vcsrepo { '@ROOT@/r/hooks': ensure => present, provider => git, source => '@ROOT@/src', skip_hooks => true }
vcsrepo { '@ROOT@/r/hooked': ensure => present, provider => git, source => '@ROOT@/src', skip_hooks => true }
vcsrepo { '@ROOT@/r/identity': ensure => present, provider => git, source => '@ROOT@/src', identity => '/nonexistent/id_rsa' }
vcsrepo { '@ROOT@/r/proxy': ensure => present, provider => git, source => '@ROOT@/src', http_proxy => 'http://127.0.0.1:9' }
vcsrepo { '@ROOT@/r/umask': ensure => present, provider => git, source => '@ROOT@/src', umask => '0077' }
vcsrepo { '@ROOT@/r/newlatest': ensure => latest, provider => git, source => '@ROOT@/src' }
vcsrepo { '@ROOT@/r/initlatest': ensure => latest, provider => git }
vcsrepo { '@ROOT@/r/forcelatest': ensure => latest, provider => git, source => '@ROOT@/src', force => true }
vcsrepo { '@ROOT@/r/excl-owner': ensure => present, provider => git, source => '@ROOT@/src', owner => 'nobody', excludes => ['b.txt'], revision => 'dev' }
