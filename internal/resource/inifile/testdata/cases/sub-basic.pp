# setup: printf '[main]\nopts = -a -b\njava = "-Xmx1g -Xms1g"\n' > $ROOT/r/a.ini
ini_subsetting { 'c': path => '@ROOT@/r/a.ini', section => 'main', setting => 'opts', subsetting => '-c' }
ini_subsetting { 'b': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'opts', subsetting => '-b' }
ini_subsetting { 'a': path => '@ROOT@/r/a.ini', section => 'main', setting => 'opts', subsetting => '-a' }
ini_subsetting { 'xmx': path => '@ROOT@/r/a.ini', section => 'main', setting => 'java', subsetting => '-Xmx', value => '2g' }
ini_subsetting { 'xss': path => '@ROOT@/r/a.ini', section => 'main', setting => 'java', subsetting => '-Xss', value => '1m' }
