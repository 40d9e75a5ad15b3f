file { '@ROOT@/r/l': ensure => directory, links => ignore }
