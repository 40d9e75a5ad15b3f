# setup: printf '[main]\na = 1\nb = 2\nc = 3\n' > $ROOT/r/a.ini
exec { 'go': command => '/bin/true' }
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => '9', refreshonly => true, subscribe => Exec['go'] }
ini_setting { 'b': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'b', refreshonly => true, subscribe => Exec['go'] }
ini_setting { 'c': path => '@ROOT@/r/a.ini', section => 'main', setting => 'c', value => '9', refreshonly => true }
ini_setting { 'd': path => '@ROOT@/r/a.ini', section => 'main', setting => 'd', value => '4', subscribe => Exec['go'] }
ini_setting { 'e': path => '@ROOT@/r/a.ini', section => 'new', setting => 'e', value => '5', refreshonly => true, subscribe => Exec['go'] }
