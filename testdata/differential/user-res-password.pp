exec { 'setup': command => "/bin/sh -c 'userdel ordores_pw; userdel ordores_pw2; useradd -M ordores_pw' 2>/dev/null" }
user { 'ordores_pw': password => '$6$salt$bkqnT2yFcO1gq5Gsy3DJzJ', password_min_age => 1, password_warn_days => 10, require => Exec['setup'] }
user { 'ordores_pw2': ensure => present, password => Sensitive('$6$other$Cq2aCdW4VzJ'), require => Exec['setup'] }
exec { 'check': command => "/bin/sh -c 'grep -q \"^ordores_pw:\\\$6\\\$salt\\\$bkqnT2yFcO1gq5Gsy3DJzJ:\" /etc/shadow'", require => [User['ordores_pw'], User['ordores_pw2']] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_pw; userdel ordores_pw2'", require => Exec['check'] }
