exec { 'slow': command => '/bin/sleep 5', timeout => 1 }
notify { 'after-slow': require => Exec['slow'] }
notify { 'independent': }
