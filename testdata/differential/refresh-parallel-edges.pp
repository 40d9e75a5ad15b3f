file { '@ROOT@/r/f8': content => "x\n", notify => Exec['e'] }
exec { 'e': command => '/bin/true', refreshonly => true, subscribe => File['@ROOT@/r/f8'] }
File['@ROOT@/r/f8'] ~> Exec['e']
