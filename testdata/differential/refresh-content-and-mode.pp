exec { 'seed': command => "/bin/sh -c 'printf old > @ROOT@/r/f && chmod 0644 @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': content => "new\n", mode => '0600', require => Exec['seed'], notify => Exec['ro'] }
exec { 'ro': command => '/bin/true', refreshonly => true }
