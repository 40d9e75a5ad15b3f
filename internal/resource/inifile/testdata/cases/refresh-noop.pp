# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini
# flags: --noop
exec { 'go': command => '/bin/true' }
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => '9', refreshonly => true, subscribe => Exec['go'] }
