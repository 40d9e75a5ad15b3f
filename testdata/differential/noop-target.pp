file { '@ROOT@/r/f': content => "x\n", notify => Exec['ro'] }
exec { 'ro': command => "/usr/bin/touch @ROOT@/r/ran", refreshonly => true, noop => true }
exec { 'next': command => '/bin/true', refreshonly => true, subscribe => Exec['ro'] }
