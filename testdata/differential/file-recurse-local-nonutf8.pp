exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/dst && printf a > @ROOT@/r/dst/ok && printf b > \"@ROOT@/r/dst/$(printf \'bad\\377name\')\""', creates => '@ROOT@/r/dst' }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, purge => true, require => Exec['mk'] }
