# setup: printf 'g = 1\n[main]\na = 1\nb = 2\n[lone]\nx = 1\n\n[last]\ny = 2\n' > $ROOT/r/a.ini
ini_setting { 'a': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'a' }
ini_setting { 'x': ensure => absent, path => '@ROOT@/r/a.ini', section => 'lone', setting => 'x' }
ini_setting { 'g': ensure => absent, path => '@ROOT@/r/a.ini', setting => 'g' }
ini_setting { 'none': ensure => absent, path => '@ROOT@/r/a.ini', section => 'main', setting => 'nope' }
ini_setting { 'nosec': ensure => absent, path => '@ROOT@/r/a.ini', section => 'nosuch', setting => 'nope' }
ini_setting { 'sec': ensure => absent, path => '@ROOT@/r/a.ini', section => 'last' }
ini_setting { 'nofile': ensure => absent, path => '@ROOT@/r/nofile.ini', section => 'main', setting => 'a' }
