exec { 'seed': command => "/bin/sh -c 'printf x > @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': owner => 'nobody', group => 'nogroup', require => Exec['seed'] }
file { '@ROOT@/r/g': content => "y\n", owner => 'nobody', group => 'nogroup', mode => '0640' }
