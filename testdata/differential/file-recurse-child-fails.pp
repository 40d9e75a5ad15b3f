# record: report
exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/src @ROOT@/r/dst/a/inner && printf a > @ROOT@/r/src/a && printf b > @ROOT@/r/src/b && printf i > @ROOT@/r/dst/a/inner/i"', creates => '@ROOT@/r/src' }
file { '@ROOT@/r/dst': ensure => directory, recurse => true, source => '@ROOT@/r/src', require => Exec['mk'], notify => Exec['after'] }
exec { 'after': command => '/bin/true', refreshonly => true }
notify { 'unrelated': }
