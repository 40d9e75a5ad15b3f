exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/gone/sub @ROOT@/r/kept/sub && touch @ROOT@/r/gone/a @ROOT@/r/gone/sub/b @ROOT@/r/kept/a @ROOT@/r/kept/sub/b"', creates => '@ROOT@/r/gone' }
file { '@ROOT@/r/gone': ensure => absent, recurse => true, force => true, require => Exec['mk'] }
file { '@ROOT@/r/kept': ensure => absent, recurse => true, mode => '0600', require => Exec['mk'] }
