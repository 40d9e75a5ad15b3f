# setup: $TESTDATA/mkrepo $ROOT/src && $TESTDATA/mkrepo $ROOT/src link link a.txt
vcsrepo { '@ROOT@/r/links': ensure => present, provider => git, source => '@ROOT@/src', owner => 'nobody', excludes => ['a.txt'] }
