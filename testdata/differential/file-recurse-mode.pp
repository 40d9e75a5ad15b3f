exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/t/d1/d2 && touch @ROOT@/r/t/f1 @ROOT@/r/t/d1/f2 @ROOT@/r/t/d1/d2/f3 @ROOT@/r/t/keep && chmod 0644 @ROOT@/r/t/f1 @ROOT@/r/t/d1/f2 @ROOT@/r/t/d1/d2/f3 @ROOT@/r/t/keep && chmod 0755 @ROOT@/r/t/d1 @ROOT@/r/t/d1/d2"', creates => '@ROOT@/r/t' }
file { '@ROOT@/r/t': ensure => directory, recurse => true, mode => '0640', require => Exec['mk'] }
file { '@ROOT@/r/t/keep': mode => '0604' }
