# flags: --tags t1
exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src && printf a > @ROOT@/r/src/a"', creates => '@ROOT@/r/src', tag => 't1' }
file { '@ROOT@/r/tagged': ensure => directory, recurse => true, source => '@ROOT@/r/src', tag => 't1', require => Exec['mk'] }
file { '@ROOT@/r/untagged': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
