exec { 'run': command => '@ROOT@/r/bin/script.sh', cwd => '@ROOT@/r/wd' }
notify { 'between': }
file { '@ROOT@/r/wd': ensure => directory }
file { '@ROOT@/r/bin/script.sh': content => "#!/bin/sh\ntouch ran\n", mode => '0755' }
file { '@ROOT@/r/bin': ensure => directory }
