# setup: : > $ROOT/r/a.ini; : > $ROOT/r/b.ini
ini_setting { 'k': path => '@ROOT@/r/a.ini', section => 'main', setting => 'k', value => 'v' }
ini_setting { 'o': path => '@ROOT@/r/a.ini', section => 'other', setting => 'x', value => true }
ini_setting { 'b': path => '@ROOT@/r/b.ini', section => 's', setting => 'k' }
