exec { 'mksrc': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/sub && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/sub/b"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/quiet': ensure => directory, recurse => true, source => '@ROOT@/r/src', noop => true, require => Exec['mksrc'], notify => Exec['after'] }
file { '@ROOT@/r/info': ensure => directory, recurse => true, source => '@ROOT@/r/src', loglevel => info, require => Exec['mksrc'], notify => Exec['after'] }
exec { 'after': command => '/bin/true', refreshonly => true }
