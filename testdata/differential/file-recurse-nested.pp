exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/s1/sub @ROOT@/r/s2 @ROOT@/r/dst/sub && printf a > @ROOT@/r/s1/a && printf b > @ROOT@/r/s1/sub/b && printf c > @ROOT@/r/s2/c && printf z > @ROOT@/r/dst/sub/z"', creates => '@ROOT@/r/s1' }
file { '@ROOT@/r/dst/sub': ensure => directory, recurse => true, source => '@ROOT@/r/s2', require => Exec['mk'] }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, purge => true, force => true, source => '@ROOT@/r/s1', require => Exec['mk'] }
file { '@ROOT@/r/dst/a': content => "explicit\n" }
