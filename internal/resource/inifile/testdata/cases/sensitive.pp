# setup: printf '[main]\na = old\nb = old\n' > $ROOT/r/a.ini
# flags: --show_diff
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => Sensitive('new') }
ini_subsetting { 'b': path => '@ROOT@/r/a.ini', section => 'main', setting => 'b', subsetting => 'old', value => Sensitive('x') }
