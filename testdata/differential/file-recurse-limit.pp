exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/a/b/c && touch @ROOT@/r/src/f0 @ROOT@/r/src/a/f1 @ROOT@/r/src/a/b/f2 @ROOT@/r/src/a/b/c/f3"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/one': ensure => directory, recurse => true, recurselimit => 1, source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/two': ensure => directory, recurse => true, recurselimit => '2', source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/zero': ensure => directory, recurse => true, recurselimit => 0, source => '@ROOT@/r/src', require => Exec['mk'] }
