exec { 'e1': command => '/bin/true' }
exec { 'e2': command => '/bin/true' }
exec { 'e3': command => '/bin/true' }
exec { 'e4': command => '/bin/true' }
exec { 'e5': command => '/bin/true' }
Exec['e5'] -> Exec['e4'] ~> Exec['e3'] <- Exec['e2'] <~ Exec['e1']
