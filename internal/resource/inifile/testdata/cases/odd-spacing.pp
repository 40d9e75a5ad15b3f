# setup: printf '  [ main ]  \n\ta=1\n  a = 2\nb=  x  y  \n  # c = 1\n;d=0\nweird line\n=novalue\n[main]\ne = 1\n' > $ROOT/r/a.ini
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => ' main ', setting => 'a', value => '3' }
ini_setting { 'b': path => '@ROOT@/r/a.ini', section => ' main ', setting => 'b', value => 'x  y' }
ini_setting { 'c': path => '@ROOT@/r/a.ini', section => ' main ', setting => 'c', value => 'C' }
ini_setting { 'd': path => '@ROOT@/r/a.ini', section => ' main ', setting => 'd', value => 'D' }
ini_setting { 'e': path => '@ROOT@/r/a.ini', section => 'main', setting => 'e', value => 'E' }

