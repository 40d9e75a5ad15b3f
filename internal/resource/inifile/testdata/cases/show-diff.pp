# setup: printf '[main]\na = 1\nb = 1\nc = 1\n' > $ROOT/r/a.ini
# flags: --show_diff
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => '2' }
ini_setting { 'b': path => '@ROOT@/r/a.ini', section => 'main', setting => 'b', value => '2', show_diff => md5 }
ini_setting { 'c': path => '@ROOT@/r/a.ini', section => 'main', setting => 'c', value => '2', show_diff => false }
ini_setting { 'd': path => '@ROOT@/r/a.ini', section => 'main', setting => 'd', value => '2' }
