exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/sub @ROOT@/r/isfile && rmdir @ROOT@/r/isfile && printf x > @ROOT@/r/isfile && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/sub/b"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/new': recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/isfile': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
