# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini
exec { 'go': command => '/bin/true' }
ini_setting { 'nosec': ensure => absent, path => '@ROOT@/r/a.ini', section => 'none', setting => 'a', refreshonly => true, subscribe => Exec['go'] }
ini_setting { 'sec': path => '@ROOT@/r/a.ini', section => 'added', refreshonly => true, subscribe => Exec['go'] }
ini_setting { 'nofile': path => '@ROOT@/r/nodir/a.ini', section => 'main', setting => 'a', value => '1', refreshonly => true, subscribe => Exec['go'] }
notify { 'last': require => Ini_setting['nofile'] }
