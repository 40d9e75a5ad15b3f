# setup: printf '[a]\nx = 1\nx = 2\ny = 1\n[b]\nz = 1\n[a]\nw = 1\n' > $ROOT/r/a.ini
ini_setting { 'x': path => '@ROOT@/r/a.ini', section => 'a', setting => 'x', value => '3' }
ini_setting { 'z': ensure => absent, path => '@ROOT@/r/a.ini', section => 'b', setting => 'z' }
