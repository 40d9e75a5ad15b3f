file { '@ROOT@/r/f': content => "x\n" }
exec { 'one': command => '/bin/true', refreshonly => true, subscribe => File['@ROOT@/r/f'] }
exec { 'two': command => '/bin/true', refreshonly => true, subscribe => Exec['one'] }
exec { 'three': command => '/bin/true', refreshonly => true }
Exec['two'] ~> Exec['three']
