# setup: true
file { '@ROOT@/r/f': ensure => file, content => "a\n" }
file_line { 'l': path => '@ROOT@/r/f', line => 'b' } ~> anchor { 'end': }
