exec { 'ro': command => '/bin/true', refreshonly => true, subscribe => [File['@ROOT@/r/f2'], File['@ROOT@/r/f1'], Notify['n']] }
file { '@ROOT@/r/f1': content => "1\n" }
file { '@ROOT@/r/f2': content => "2\n" }
notify { 'n': }
