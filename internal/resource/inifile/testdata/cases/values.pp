# setup: printf '[main]\n  a = 1\n' > $ROOT/r/a.ini
ini_setting { 'num': path => '@ROOT@/r/a.ini', section => 'main', setting => 'num', value => 42 }
ini_setting { 'bool': path => '@ROOT@/r/a.ini', section => 'main', setting => 'bool', value => false }
ini_setting { 'arr': path => '@ROOT@/r/a.ini', section => 'main', setting => 'arr', value => ['x', 'y'] }
ini_setting { 'empty': path => '@ROOT@/r/a.ini', section => 'main', setting => 'empty', value => '' }
ini_setting { 'sens': path => '@ROOT@/r/a.ini', section => 'main', setting => 'sens', value => Sensitive('secret') }
