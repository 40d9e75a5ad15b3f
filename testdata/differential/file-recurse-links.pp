exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src/realdir && printf a > @ROOT@/r/src/real && printf d > @ROOT@/r/src/realdir/in && ln -s real @ROOT@/r/src/tofile && ln -s realdir @ROOT@/r/src/todir && ln -s nowhere @ROOT@/r/src/dangling"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/manage': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/follow': ensure => directory, recurse => true, links => follow, source => '@ROOT@/r/src', require => Exec['mk'] }
