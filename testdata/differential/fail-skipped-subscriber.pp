file { '@ROOT@/r/f': content => "x\n" }
exec { 'one': command => '/bin/false' }
exec { 'two': command => '/bin/true', refreshonly => true, subscribe => [File['@ROOT@/r/f'], Exec['one']] }
exec { 'three': command => '/bin/true', refreshonly => true, subscribe => Exec['two'] }
