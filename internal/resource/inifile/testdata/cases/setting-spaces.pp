# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini
ini_setting { 'f': path => '@ROOT@/r/a.ini', section => 'main', setting => ' f ', value => 'F' }
notify { 'other': }
