# record: report
file { '@ROOT@/r/f': content => "x\n" }
exec { 'badrefresh': command => '/bin/false', refreshonly => true, subscribe => File['@ROOT@/r/f'] }
exec { 'after': command => '/bin/true', refreshonly => true, subscribe => Exec['badrefresh'] }
notify { 'dependent': require => Exec['badrefresh'] }
