exec { 'seed': command => "/bin/sh -c 'printf old > @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/new': content => "hello\n", validate_cmd => '/bin/grep -q nomatch %' }
file { '@ROOT@/r/f': content => "bad\n", mode => '0600', validate_cmd => '/bin/sh -c "echo checking; exit 3" %', require => Exec['seed'] }
notify { 'after': require => File['@ROOT@/r/new'] }
notify { 'unrelated': }
