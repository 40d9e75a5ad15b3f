# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini; printf '# top\ng = 1\n\n[main]\na = 1\n' > $ROOT/r/b.ini
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => '', setting => 'g', value => 'G' }
ini_setting { 'b': path => '@ROOT@/r/b.ini', section => '', setting => 'h', value => 'H' }
ini_setting { 'b2': path => '@ROOT@/r/b.ini', setting => 'g', value => '2' }
