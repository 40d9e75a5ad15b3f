exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/tree/sub && printf a > @ROOT@/r/tree/a && printf b > @ROOT@/r/tree/sub/b"', creates => '@ROOT@/r/tree' }
file { '@ROOT@/r/mirror': ensure => link, target => '@ROOT@/r/tree', recurse => true, require => Exec['mk'] }
