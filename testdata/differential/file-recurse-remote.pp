exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/sub @ROOT@/r/dst && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/sub/b && printf x > @ROOT@/r/dst/extra"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/dst': ensure => directory, recurse => remote, purge => true, source => '@ROOT@/r/src', require => Exec['mk'] }
