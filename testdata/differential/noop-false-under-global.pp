# flags: --noop
file { '@ROOT@/r/real': content => "x\n", noop => false, notify => Exec['ro'] }
file { '@ROOT@/r/pretend': content => "y\n" }
exec { 'ro': command => '/bin/true', refreshonly => true }
exec { 'forced': command => '/bin/true', refreshonly => true, noop => false, subscribe => File['@ROOT@/r/real'] }
