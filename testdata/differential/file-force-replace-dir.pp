exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/forced/sub @ROOT@/r/kept/sub @ROOT@/r/tolink/sub"', creates => '@ROOT@/r/forced' }
file { '@ROOT@/r/forced': content => "now a file\n", force => true, require => Exec['mk'] }
file { '@ROOT@/r/kept': content => "not replaced\n", require => Exec['mk'] }
file { '@ROOT@/r/tolink': ensure => link, target => '/tmp', force => true, require => Exec['mk'] }
