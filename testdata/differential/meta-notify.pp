exec { 'ro': command => '/bin/true', refreshonly => true }
file { '@ROOT@/r/f': content => "x\n", notify => Exec['ro'] }
