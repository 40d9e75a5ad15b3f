# setup: printf '[main]\n    a = 1\n    #b = commented\n    c = 3\n\n\n[next]\nx=1\n' > $ROOT/r/a.ini
ini_setting { 'b': path => '@ROOT@/r/a.ini', section => 'main', setting => 'b', value => 'B' }
ini_setting { 'd': path => '@ROOT@/r/a.ini', section => 'main', setting => 'd', value => 'D' }
ini_setting { 'y': path => '@ROOT@/r/a.ini', section => 'next', setting => 'y', value => 'Y' }
