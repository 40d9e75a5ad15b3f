file { '@ROOT@/r/f': content => "x\n" }
exec { 'custom': command => '/bin/true', refreshonly => true, refresh => "/usr/bin/touch @ROOT@/r/refreshed", subscribe => File['@ROOT@/r/f'] }
exec { 'custom-false': command => '/bin/true', refreshonly => true, refresh => '/bin/false', subscribe => File['@ROOT@/r/f'] }
file { '@ROOT@/r/refreshed': ensure => file, require => Exec['custom'] }
