# setup: printf '[m]\ns = a:1 b:2\n' > $ROOT/r/a.ini
# flags: --show_diff
ini_subsetting { 'a': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'a', value => '9', subsetting_key_val_separator => ':' }
ini_subsetting { 'b': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'b', value => ['2', '3'], subsetting_key_val_separator => ':' }
ini_subsetting { 'd': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'd', value => 'x', subsetting_key_val_separator => ':', show_diff => md5 }
