# setup: printf '[main]\na = 1\n' > $ROOT/r/a.ini
ini_setting { 'n': path => '@ROOT@/r/a.ini', section => 'nosuch', setting => 'a', value => '2', force_new_section_creation => false }
ini_setting { 'm': path => '@ROOT@/r/a.ini', section => 'main', setting => 'b', value => '2', force_new_section_creation => false }
ini_setting { 'a': ensure => absent, path => '@ROOT@/r/a.ini', section => 'nosuch2', setting => 'a', force_new_section_creation => false }
