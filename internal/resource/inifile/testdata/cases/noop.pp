# setup: printf '[main]\na = 1\nb = 2\n' > $ROOT/r/a.ini
# flags: --noop
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => '9' }
ini_setting { 'b': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'b' }
ini_setting { 'c': path => '@ROOT@/r/a.ini', section => 'main', setting => 'c', value => '3' }
ini_setting { 'm': path => '@ROOT@/r/missing/a.ini', section => 'main', setting => 'c', value => '3' }
