exec { 'ro': command => '/bin/true', refreshonly => true, subscribe => File['@ROOT@/r/f'] }
file { '@ROOT@/r/f': content => "x\n" }
