exec { 'mk': command => '/bin/sh -c "printf new > @ROOT@/r/src && touch -d 2020-01-02T00:00:00Z @ROOT@/r/src && printf old > @ROOT@/r/older && touch -d 2019-01-01T00:00:00Z @ROOT@/r/older && printf newer > @ROOT@/r/newer && touch -d 2021-01-01T00:00:00Z @ROOT@/r/newer && printf xyz > @ROOT@/r/same && touch -d 2020-01-02T00:00:00Z @ROOT@/r/same"', creates => '@ROOT@/r/src' }
file { ['@ROOT@/r/older', '@ROOT@/r/newer', '@ROOT@/r/same']: source => '@ROOT@/r/src', checksum => mtime, require => Exec['mk'] }
file { '@ROOT@/r/md5': source => '@ROOT@/r/src', checksum => md5, require => Exec['mk'] }
file { '@ROOT@/r/none': ensure => file, checksum => none }
