exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r groupdel ordores_gg1; r groupdel ordores_gg2; r groupdel ordores_gg3; r groupadd -g 47501 ordores_gg1; r groupadd -g 47502 ordores_gg2' 2>/dev/null" }
group { 'ordores_gg1': gid => 47503, require => Exec['setup'] }
group { 'ordores_gg2': gid => 47503, allowdupe => true, require => Group['ordores_gg1'] }
group { 'ordores_gg3': ensure => present, gid => 0, require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r groupdel ordores_gg1; r groupdel ordores_gg2; r groupdel ordores_gg3; true'", require => Group['ordores_gg2'] }
