exec { 'setup': command => "/bin/sh -c 'userdel ordores_ex1; userdel ordores_ex2; userdel ordores_ex3; useradd -M -e 2030-01-01 ordores_ex1; useradd -M ordores_ex2' 2>/dev/null" }
user { 'ordores_ex1': expiry => absent, require => Exec['setup'] }
user { 'ordores_ex2': expiry => '2031-02-28', require => Exec['setup'] }
user { 'ordores_ex3': ensure => present, expiry => '2032-12-31', require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_ex1; userdel ordores_ex2; userdel ordores_ex3'", require => [User['ordores_ex1'], User['ordores_ex2'], User['ordores_ex3']] }
