stage { 'pre': before => Stage['main'] }
class early { exec { 'inpre': command => '/bin/true', refreshonly => true } }
class { 'early': stage => 'pre' }
notify { 'm': notify => Exec['inpre'] }
