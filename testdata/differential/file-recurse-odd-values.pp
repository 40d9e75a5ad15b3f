exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/a && printf x > @ROOT@/r/src/a/x"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/big': ensure => directory, recurse => true, recurselimit => '99999999999999999999', source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/nomax': ensure => directory, recurse => 'true', max_files => -1, ignore => [], purge => 'yes', source => '@ROOT@/r/src', require => Exec['mk'] }
