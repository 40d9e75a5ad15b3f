exec { 'seed': command => "/bin/sh -c 'printf same > @ROOT@/r/f && chmod 0644 @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': content => 'same', mode => '0600', require => Exec['seed'] }
file { '@ROOT@/r/g': content => "g\n", mode => '0640' }
