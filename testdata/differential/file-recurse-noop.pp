# flags: --noop
exec { 'mksrc': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/sub @ROOT@/r/dst && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/sub/b && printf x > @ROOT@/r/dst/a"', creates => '@ROOT@/r/src', noop => false }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, purge => true, source => '@ROOT@/r/src', require => Exec['mksrc'], notify => Exec['after'] }
exec { 'after': command => '/bin/true', refreshonly => true }
