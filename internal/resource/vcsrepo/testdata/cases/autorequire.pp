# setup: $TESTDATA/mkrepo $ROOT/src
vcsrepo { '@ROOT@/r/a': ensure => present, provider => git, source => '@ROOT@/src' }
package { 'git': ensure => installed }
