file { '@ROOT@/r/cv': source => '/etc/hostname', checksum_value => 'abc' }
