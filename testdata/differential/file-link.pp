file { '@ROOT@/r/target': content => "t\n" }
file { '@ROOT@/r/link': ensure => link, target => '@ROOT@/r/target' }
