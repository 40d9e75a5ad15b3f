# setup: printf '[main]\r\na = 1\r\nb = 2\r\n\r\n[next]\r\nc = 3\r\n' > $ROOT/r/a.ini
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => '1' }
ini_setting { 'd': path => '@ROOT@/r/a.ini', section => 'main', setting => 'd', value => '4' }
ini_setting { 'n': path => '@ROOT@/r/a.ini', section => 'new', setting => 'n', value => '5' }
