# setup: mkdir $ROOT/r/dir
ini_setting { 'dir': path => '@ROOT@/r/dir', section => 'main', setting => 'a', value => '1' } -> notify { 'after dir': }
ini_setting { 'nodir': path => '@ROOT@/r/nodir/a.ini', section => 'main', setting => 'a', value => '1' } -> notify { 'after nodir': }
notify { 'other': }
