exec { 'seed': command => "/bin/sh -c 'mkdir -p @ROOT@/r/d1/sub @ROOT@/r/d2/sub'", creates => '@ROOT@/r/d1' }
file { '@ROOT@/r/d1': ensure => absent, require => Exec['seed'] }
file { '@ROOT@/r/d2': ensure => absent, force => true, require => Exec['seed'] }
