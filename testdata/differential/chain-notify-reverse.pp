exec { 'ro': command => '/bin/true', refreshonly => true }
file { '@ROOT@/r/f': content => "x\n" }
Exec['ro'] <~ File['@ROOT@/r/f']
