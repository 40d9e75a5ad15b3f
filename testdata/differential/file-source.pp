exec { 'mksrc': command => "/bin/sh -c 'printf from-source > @ROOT@/src'", creates => '@ROOT@/src' }
file { '@ROOT@/r/copy': source => '@ROOT@/src', require => Exec['mksrc'] }
