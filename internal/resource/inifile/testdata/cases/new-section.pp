# setup: printf 'g = 1\n[first]\na = 1\n' > $ROOT/r/a.ini; printf '[first]\na = 1\n' > $ROOT/r/b.ini
ini_setting { 'a1': path => '@ROOT@/r/a.ini', section => 'second', setting => 'k', value => 'v' }
ini_setting { 'a2': path => '@ROOT@/r/a.ini', section => 'third', setting => 'k', value => 'v' }
ini_setting { 'b1': path => '@ROOT@/r/b.ini', section => 'second', setting => 'k', value => 'v' }
ini_setting { 'b2': path => '@ROOT@/r/b.ini', section => 'only' }
