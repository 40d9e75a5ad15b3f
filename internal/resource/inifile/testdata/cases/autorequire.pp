# setup: true
ini_setting { 'k': path => '@ROOT@/r/d/a.ini', section => 'main', setting => 'k', value => 'v' }
file { '@ROOT@/r/d/a.ini': ensure => file, content => "# managed\n" }
file { '@ROOT@/r/d': ensure => directory }
