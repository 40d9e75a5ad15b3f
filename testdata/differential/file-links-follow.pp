exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/s && printf real > @ROOT@/r/s/real && ln -s real @ROOT@/r/s/link && printf old > @ROOT@/r/target && ln -s target @ROOT@/r/via"', creates => '@ROOT@/r/s' }
file { '@ROOT@/r/copy-follow': source => '@ROOT@/r/s/link', links => follow, require => Exec['mk'] }
file { '@ROOT@/r/copy-manage': source => '@ROOT@/r/s/link', require => Exec['mk'] }
file { '@ROOT@/r/via': content => "new\n", links => follow, mode => '0600', require => Exec['mk'] }
