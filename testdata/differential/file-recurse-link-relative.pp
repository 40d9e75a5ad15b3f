exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/tree && printf a > @ROOT@/r/tree/a"', creates => '@ROOT@/r/tree' }
file { '@ROOT@/r/mirror': ensure => link, target => 'tree', recurse => true, require => Exec['mk'] }
