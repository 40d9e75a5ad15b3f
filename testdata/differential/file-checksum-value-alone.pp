file { '@ROOT@/r/cv': ensure => file, checksum_value => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' }
notify { 'after': require => File['@ROOT@/r/cv'] }
