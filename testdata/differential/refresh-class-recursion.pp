# record: report
define inner() { exec { "ex-${title}": command => '/bin/true', refreshonly => true } }
class svc { inner { 'i1': } exec { 'direct': command => '/bin/true', refreshonly => true } }
include svc
file { '@ROOT@/r/g1': content => "x\n", notify => Class['svc'] }
class cfg { file { ['@ROOT@/r/g2', '@ROOT@/r/g3']: content => "x\n" } }
include cfg
exec { 'watch': command => '/bin/true', refreshonly => true, subscribe => Class['cfg'] }
