exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/d && printf a > @ROOT@/r/src/d/a && ln -s .. @ROOT@/r/src/d/up"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, links => follow, source => '@ROOT@/r/src', require => Exec['mk'] }
