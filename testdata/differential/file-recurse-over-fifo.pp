exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src && printf a > @ROOT@/r/src/a && mkfifo @ROOT@/r/pipe"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/pipe': ensure => directory, recurse => true, purge => true, source => '@ROOT@/r/src', require => Exec['mk'] }
