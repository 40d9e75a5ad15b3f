exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/s && printf new > @ROOT@/r/s/src && printf old > @ROOT@/r/changed"', creates => '@ROOT@/r/s' }
file { '@ROOT@/r/created': source => '@ROOT@/r/s/src', checksum_value => '11507a0e2f5e69d5dfa40a62a1bd7b6ee57e6bcd85c67c9b8431b36fff21c437', require => Exec['mk'] }
file { '@ROOT@/r/changed': source => '@ROOT@/r/s/src', checksum_value => '11507a0e2f5e69d5dfa40a62a1bd7b6ee57e6bcd85c67c9b8431b36fff21c437', require => Exec['mk'] }
file { '@ROOT@/r/wrong': source => '@ROOT@/r/s/src', checksum_value => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', require => Exec['mk'] }
file { '@ROOT@/r/md5': source => '@ROOT@/r/s/src', checksum => md5, checksum_value => '22af645d1859cb5ca6da0c484f1f37ea', require => Exec['mk'] }
file { '@ROOT@/r/created-ens': ensure => file, source => '@ROOT@/r/s/src', checksum_value => '11507a0e2f5e69d5dfa40a62a1bd7b6ee57e6bcd85c67c9b8431b36fff21c437', require => Exec['mk'] }
file { '@ROOT@/r/wrong-ens': ensure => file, source => '@ROOT@/r/s/src', checksum_value => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', require => Exec['mk'] }
file { '@ROOT@/r/wrong-old': ensure => file, source => '@ROOT@/r/s/src', checksum_value => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', require => Exec['mk2'] }
exec { 'mk2': command => '/bin/sh -c "printf old > @ROOT@/r/wrong-old"', creates => '@ROOT@/r/wrong-old', require => Exec['mk'] }
