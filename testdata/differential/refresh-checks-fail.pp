file { '@ROOT@/r/f': content => "x\n" }
exec { 'onlyif-false': command => "/usr/bin/touch @ROOT@/r/ran1", refreshonly => true, onlyif => '/bin/false', subscribe => File['@ROOT@/r/f'] }
exec { 'unless-true': command => "/usr/bin/touch @ROOT@/r/ran2", refreshonly => true, unless => '/bin/true', subscribe => File['@ROOT@/r/f'] }
exec { 'creates-exists': command => "/usr/bin/touch @ROOT@/r/ran3", refreshonly => true, creates => '@ROOT@/r/f', subscribe => File['@ROOT@/r/f'] }
exec { 'check': command => "/bin/sh -c 'test ! -e @ROOT@/r/ran1 && test ! -e @ROOT@/r/ran2 && test ! -e @ROOT@/r/ran3'", require => [Exec['onlyif-false'], Exec['unless-true'], Exec['creates-exists']] }
