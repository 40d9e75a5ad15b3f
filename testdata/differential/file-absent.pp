exec { 'seed': command => "/usr/bin/touch @ROOT@/r/gone", creates => '@ROOT@/r/gone' }
file { '@ROOT@/r/gone': ensure => absent, require => Exec['seed'] }
file { '@ROOT@/r/never-there': ensure => absent }
