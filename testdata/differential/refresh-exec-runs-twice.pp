# record: report
file { '@ROOT@/r/f': content => "x\n" }
exec { 'normal': command => '/bin/echo hi', subscribe => File['@ROOT@/r/f'] }
