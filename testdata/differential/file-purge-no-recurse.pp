exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/d && printf x > @ROOT@/r/d/x"', creates => '@ROOT@/r/d' }
file { '@ROOT@/r/d': ensure => directory, purge => true, force => true, require => Exec['mk'] }
file { '@ROOT@/r/e': ensure => directory, recurselimit => 2 }
