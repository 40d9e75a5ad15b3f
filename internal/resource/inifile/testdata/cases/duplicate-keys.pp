# setup: printf '[a]\nx = 1\nx = 2\nx = 3\ny = 1\n[b]\nx = 1\n' > $ROOT/r/a.ini; printf '[a]\nx = 1\nx = 2\n' > $ROOT/r/b.ini
ini_setting { 'x': ensure => absent, path => '@ROOT@/r/a.ini', section => 'a', setting => 'x' }
ini_setting { 'b': path => '@ROOT@/r/b.ini', section => 'a', setting => 'x', value => '2' }
