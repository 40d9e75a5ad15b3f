# flags: --show_diff
exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src @ROOT@/r/keep @ROOT@/r/diff && printf new > @ROOT@/r/src/f && printf old > @ROOT@/r/keep/f && printf old > @ROOT@/r/diff/f && chmod 600 @ROOT@/r/keep/f"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/keep': ensure => directory, recurse => true, replace => false, mode => '0644', source => '@ROOT@/r/src', require => Exec['mk'] }
file { '@ROOT@/r/diff': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'] }
