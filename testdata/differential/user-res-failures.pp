exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_f1; r groupdel ordores_f1; r userdel ordores_f2; r groupdel ordores_f2; r userdel ordores_f4; r groupdel ordores_f4; true' 2>/dev/null" }
user { 'ordores_f1': ensure => present, shell => '/nonexistent/shell', require => Exec['setup'] }
user { 'ordores_f2': ensure => present, gid => 'ordores_nosuchgroup', require => Exec['setup'] }
user { 'ordores_f4': ensure => present, uid => 4294967296, require => Exec['setup'] }
notify { 'after f2': require => User['ordores_f2'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_f1; r groupdel ordores_f1; r userdel ordores_f2; r groupdel ordores_f2; r userdel ordores_f4; r groupdel ordores_f4; true'", require => Exec['setup'] }
