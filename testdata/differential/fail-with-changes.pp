exec { 'seed': command => "/bin/sh -c 'printf same > @ROOT@/r/f && chmod 0644 @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': content => 'same', mode => '0600', owner => 'ordo_no_such_user', require => Exec['seed'], notify => Exec['ro'] }
exec { 'ro': command => '/bin/true', refreshonly => true }
notify { 'after': subscribe => File['@ROOT@/r/f'] }
