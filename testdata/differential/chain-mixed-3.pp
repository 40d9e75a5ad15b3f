notify { 'c': }
exec { 'ro': command => '/bin/true', refreshonly => true }
file { '@ROOT@/r/f': content => "x\n" }
File['@ROOT@/r/f'] ~> Exec['ro'] -> Notify['c']
