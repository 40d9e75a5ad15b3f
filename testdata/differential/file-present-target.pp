exec { 'seed': command => "/bin/sh -c 'printf x > @ROOT@/r/l'", creates => '@ROOT@/r/l' }
file { '@ROOT@/r/target': content => "t\n" }
file { '@ROOT@/r/l': ensure => present, target => '@ROOT@/r/target', require => Exec['seed'] }
