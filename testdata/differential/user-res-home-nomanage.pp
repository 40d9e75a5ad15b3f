exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_hn; r groupdel ordores_hn; r useradd -M -d /nonexistent/ordores_old ordores_hn' 2>/dev/null" }
user { 'ordores_hn': home => '@ROOT@/r/newhome', managehome => true, comment => 'Home moved', require => Exec['setup'] }
exec { 'home not created': command => '/bin/true', unless => '/bin/sh -c "test -e @ROOT@/r/newhome"', require => User['ordores_hn'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_hn; r groupdel ordores_hn'", require => Exec['home not created'] }
