# flags: --tags t1
file { '@ROOT@/r/f': content => "x\n", tag => 't1', notify => Exec['untagged'] }
exec { 'untagged': command => '/bin/true', refreshonly => true }
exec { 'tagged': command => '/bin/true', refreshonly => true, tag => 't1', subscribe => File['@ROOT@/r/f'] }
notify { 'skipped': }
