class cfg { file { ['@ROOT@/r/g2', '@ROOT@/r/g3']: content => "x\n" } }
include cfg
exec { 'watch': command => '/bin/true', refreshonly => true, subscribe => Class['cfg'] }
