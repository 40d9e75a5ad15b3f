file { '@ROOT@/r/d': ensure => directory, recurse => true, recurselimit => -1 }
