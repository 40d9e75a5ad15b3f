exec { 'seed': command => "/bin/sh -c 'printf x > @ROOT@/r/f && chmod 0600 @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': mode => 'u=rw,go=r', require => Exec['seed'] }
file { '@ROOT@/r/d': ensure => directory, mode => 'a+rX,o-w' }
