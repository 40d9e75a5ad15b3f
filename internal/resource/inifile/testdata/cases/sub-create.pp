# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini
ini_subsetting { 'new': path => '@ROOT@/r/a.ini', section => 'main', setting => 'opts', subsetting => 'x', value => '1', subsetting_key_val_separator => '=', quote_char => '"' }
ini_subsetting { 'nofile': path => '@ROOT@/r/b.ini', section => 'main', setting => 'opts', subsetting => 'y', key_val_separator => '=' }
ini_subsetting { 'global': path => '@ROOT@/r/b.ini', setting => 'list', subsetting => 'z', quote_char => "'" }
