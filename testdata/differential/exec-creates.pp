exec { 'seed': command => "/usr/bin/touch @ROOT@/r/exists", creates => '@ROOT@/r/exists' }
exec { 'skipped': command => "/usr/bin/touch @ROOT@/r/ran", creates => '@ROOT@/r/exists', require => Exec['seed'] }
