# setup: printf '[m]\ns = only\nt = only\nu = a:1 a:2 b:3\nv = x xy\n' > $ROOT/r/a.ini
ini_subsetting { 's': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'only' }
ini_subsetting { 't': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 't', subsetting => 'only', delete_if_empty => true }
ini_subsetting { 'u': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 'u', subsetting => 'a', subsetting_key_val_separator => ':' }
ini_subsetting { 'v': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 'v', subsetting => 'x', use_exact_match => true }
ini_subsetting { 'w': ensure => absent, path => '@ROOT@/r/a.ini', section => 'm', setting => 'w', subsetting => 'x' }
