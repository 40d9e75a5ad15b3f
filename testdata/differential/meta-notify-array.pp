exec { 'ro1': command => '/bin/true', refreshonly => true }
exec { 'ro2': command => '/bin/true', refreshonly => true }
notify { 'plain': }
file { '@ROOT@/r/f': content => "x\n", notify => [Exec['ro2'], Exec['ro1'], Notify['plain']] }
