# record: graph
file { '@ROOT@/r': ensure => directory }
file { '@ROOT@/r/c': content => "x\n", before => File['@ROOT@/r'] }
