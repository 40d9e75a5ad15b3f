exec { 'seed': command => "/bin/sh -c 'printf old > @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/new': content => "hello\n", validate_cmd => '/bin/grep -c hello %' }
file { '@ROOT@/r/f': content => "hello again\n", validate_cmd => '/bin/grep -q hello %', require => Exec['seed'] }
file { '@ROOT@/r/same': content => "x\n", validate_cmd => '/bin/false %' }
