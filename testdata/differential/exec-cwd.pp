file { '@ROOT@/r/wd': ensure => directory }
exec { 'in-wd': command => '/usr/bin/touch made-here', cwd => '@ROOT@/r/wd', creates => '@ROOT@/r/wd/made-here' }
