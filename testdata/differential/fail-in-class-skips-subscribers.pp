class a { exec { 'bad': command => '/bin/false' } file { '@ROOT@/r/ok': content => "x\n" } }
include a
exec { 'watcher': command => '/bin/true', refreshonly => true, subscribe => Class['a'] }
notify { 'unrelated': }
