exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src && touch @ROOT@/r/src/a @ROOT@/r/src/b @ROOT@/r/src/c"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/d': ensure => directory, recurse => true, max_files => 2, source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/e': ensure => directory, recurse => true, max_files => 3, source => '@ROOT@/r/src', require => Exec['mk'] }
