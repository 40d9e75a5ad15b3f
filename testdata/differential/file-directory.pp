file { '@ROOT@/r/dir': ensure => directory }
file { '@ROOT@/r/dir/sub': ensure => directory, mode => '0750' }
