# setup: printf '[main] # not a header\na = 1 # note\nb = x = y\n[real]\nc:1\nd = 2\n' > $ROOT/r/a.ini; ln -s a.ini $ROOT/r/link.ini
ini_setting { 'a': path => '@ROOT@/r/a.ini', setting => 'a', value => '1 # note' }
ini_setting { 'b': path => '@ROOT@/r/a.ini', setting => 'b', value => 'z' }
ini_setting { 'h': path => '@ROOT@/r/a.ini', setting => '[main] # not a header', value => 'v' }
ini_setting { 'c': path => '@ROOT@/r/link.ini', section => 'real', setting => 'c', value => '2', key_val_separator => ':' }
ini_setting { 'e': path => '@ROOT@/r/link.ini', section => 'real', setting => 'e', value => '3', key_val_separator => ':' }
