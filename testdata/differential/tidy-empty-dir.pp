file { '@ROOT@/r/t': ensure => directory }
tidy { '@ROOT@/r/t': recurse => true, rmdirs => true }
notify { 'after': subscribe => Tidy['@ROOT@/r/t'] }
