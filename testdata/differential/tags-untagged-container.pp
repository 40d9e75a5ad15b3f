# flags: --tags t1
class svc { exec { 'in-svc': command => '/bin/true', refreshonly => true, tag => 't1' } }
include svc
file { '@ROOT@/r/f': content => "x\n", tag => 't1', notify => Class['svc'] }
