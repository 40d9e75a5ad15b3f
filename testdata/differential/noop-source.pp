file { '@ROOT@/r/f': content => "x\n", noop => true, notify => Exec['ro'] }
exec { 'ro': command => '/bin/true', refreshonly => true }
exec { 'next': command => '/bin/true', refreshonly => true, subscribe => Exec['ro'] }
