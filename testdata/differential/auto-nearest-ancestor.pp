# record: graph
file { '@ROOT@/r/a/b/c/f': content => "x\n" }
file { '@ROOT@/r/a/b/c': ensure => directory }
notify { 'between': }
file { '@ROOT@/r/a/b': ensure => directory }
file { '@ROOT@/r/a': ensure => directory }
