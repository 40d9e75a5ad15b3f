file { '@ROOT@/r/f': content => "x\n" }
exec { 'never': command => "/usr/bin/touch @ROOT@/r/never", refreshonly => true, require => File['@ROOT@/r/f'] }
exec { 'never2': command => "/usr/bin/touch @ROOT@/r/never2", refreshonly => true }
File['@ROOT@/r/f'] -> Exec['never2']
