file { '/tmp/x': ensure => file }
notify { 'n': require => Resource['File', '/tmp/x'] }
