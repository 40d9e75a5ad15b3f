exec { 'seed': command => "/bin/sh -c 'printf old > @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': content => "new\n", backup => '.bak', require => Exec['seed'] }
