file { '@ROOT@/r/d/f': content => "x\n" }
notify { 'between': }
file { '@ROOT@/r/d': ensure => directory }
