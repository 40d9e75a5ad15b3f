exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/s1/common @ROOT@/r/s2/common @ROOT@/r/s2/only2 && printf one > @ROOT@/r/s1/both && printf two > @ROOT@/r/s2/both && printf 1 > @ROOT@/r/s1/only1 && printf 2 > @ROOT@/r/s2/only2/f && printf c1 > @ROOT@/r/s1/common/c && printf c2 > @ROOT@/r/s2/common/c && printf d2 > @ROOT@/r/s2/common/d"', creates => '@ROOT@/r/s1' }
file { '@ROOT@/r/all': ensure => directory, recurse => true, sourceselect => all, source => ['@ROOT@/r/s1', '@ROOT@/r/s2'], require => Exec['mk'] }
file { '@ROOT@/r/first': ensure => directory, recurse => true, source => ['@ROOT@/r/missing', '@ROOT@/r/s2', '@ROOT@/r/s1'], require => Exec['mk'] }
file { '@ROOT@/r/single': source => ['@ROOT@/r/missing', 'file://@ROOT@/r/s1/both', '@ROOT@/r/s2/both'], require => Exec['mk'] }
