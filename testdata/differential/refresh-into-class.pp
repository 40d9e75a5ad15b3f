define inner() { exec { "ex-${title}": command => '/bin/true', refreshonly => true } }
class svc {
  inner { 'i1': }
  exec { 'direct': command => '/bin/true', refreshonly => true }
  notify { 'not-refreshable': }
}
include svc
file { '@ROOT@/r/g1': content => "x\n", notify => Class['svc'] }
