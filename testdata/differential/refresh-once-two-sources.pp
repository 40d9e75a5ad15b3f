# record: report
file { '@ROOT@/r/f1': content => "one\n", notify => Exec['ro'] }
file { '@ROOT@/r/f2': content => "two\n", notify => Exec['ro'] }
exec { 'ro': command => '/bin/true', refreshonly => true }
