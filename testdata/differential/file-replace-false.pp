exec { 'seed': command => "/bin/sh -c 'printf keep > @ROOT@/r/kept'", creates => '@ROOT@/r/kept' }
file { '@ROOT@/r/kept': content => "replaced\n", replace => false, require => Exec['seed'] }
file { '@ROOT@/r/fresh': content => "fresh\n", replace => false }
