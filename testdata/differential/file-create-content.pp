file { '@ROOT@/r/f': content => "hello\n" }
file { '@ROOT@/r/empty': ensure => file }
