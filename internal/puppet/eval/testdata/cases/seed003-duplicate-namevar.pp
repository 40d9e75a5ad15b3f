file { '/tmp/pt/f': ensure => file }
file { '/tmp/pt/f/': ensure => file }
