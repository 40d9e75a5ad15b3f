exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_ex1; r groupdel ordores_ex1; r userdel ordores_ex2; r groupdel ordores_ex2; r userdel ordores_ex3; r groupdel ordores_ex3; r useradd -M -e 2030-01-01 ordores_ex1; r useradd -M ordores_ex2' 2>/dev/null" }
user { 'ordores_ex1': expiry => absent, require => Exec['setup'] }
user { 'ordores_ex2': expiry => '2031-02-28', require => Exec['setup'] }
user { 'ordores_ex3': ensure => present, expiry => '2032-12-31', require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_ex1; r groupdel ordores_ex1; r userdel ordores_ex2; r groupdel ordores_ex2; r userdel ordores_ex3; r groupdel ordores_ex3'", require => [User['ordores_ex1'], User['ordores_ex2'], User['ordores_ex3']] }
