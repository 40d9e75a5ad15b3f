# setup: printf '# conf\n[main]\n  a = 1\nlist = x y\n\n[empty]\n' > $ROOT/r/a.ini
ini_setting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'a', value => ' 1' }
ini_setting { 'gone': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'gone' }
ini_setting { 'empty': path => '@ROOT@/r/a.ini', section => 'empty' }
ini_subsetting { 'x': path => '@ROOT@/r/a.ini', section => 'main', setting => 'list', subsetting => 'y' }
ini_subsetting { 'z': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'list', subsetting => 'z' }
ini_subsetting { 'missing': ensure => absent, path => '@ROOT@/r/nofile.ini', section => 'main', setting => 'list', subsetting => 'z' }
