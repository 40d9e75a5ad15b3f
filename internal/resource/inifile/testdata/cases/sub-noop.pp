# setup: printf '[m]\ns = a:1 b:2\n' > $ROOT/r/a.ini
# flags: --noop
ini_subsetting { 'a': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'a', value => '9', subsetting_key_val_separator => ':' }
ini_subsetting { 'b': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'b', subsetting_key_val_separator => ':' }
ini_subsetting { 'c': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'c', subsetting_key_val_separator => ':' }
