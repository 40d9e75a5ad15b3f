# record: report
exec { 'mksrc': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/sub/deep && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/sub/b && printf c > @ROOT@/r/src/sub/deep/c"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mksrc'], notify => Exec['after'] }
exec { 'after': command => '/bin/true', refreshonly => true }
notify { 'last': }
