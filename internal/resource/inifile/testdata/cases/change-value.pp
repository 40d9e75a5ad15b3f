# setup: printf '; a comment\n[main]\n  k = old   \nother=1\n\n[next]\nk = old\n' > $ROOT/r/a.ini
ini_setting { 'k': path => '@ROOT@/r/a.ini', section => 'main', setting => 'k', value => 'new' }
ini_setting { 'same': path => '@ROOT@/r/a.ini', section => 'main', setting => 'other', value => '  1 ' }
ini_setting { 'n': path => '@ROOT@/r/a.ini', section => 'next', setting => 'k', value => 'also new' }
