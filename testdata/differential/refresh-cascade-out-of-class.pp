class a { exec { 'inside': command => '/bin/true', refreshonly => true } }
include a
file { '@ROOT@/r/f': content => "x\n", notify => Exec['inside'] }
exec { 'watcher': command => '/bin/true', refreshonly => true }
Class['a'] ~> Exec['watcher']
