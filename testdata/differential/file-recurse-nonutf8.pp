exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src && printf a > @ROOT@/r/src/ok && printf b > \"@ROOT@/r/src/$(printf \'bad\\377name\')\""', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
