file { '/tmp/x': ensure => file }
notify { 'n': require => Resource['file', '/tmp/x'] }
