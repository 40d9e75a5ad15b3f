# setup: printf '[main]\na = old\n' > $ROOT/r/a.ini
# flags: --noop --show_diff
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => Sensitive('new') }
ini_setting { 'l': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => 'new', loglevel => info }
