file { '/tmp/x/': ensure => file }
