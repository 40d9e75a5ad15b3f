exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_sys; r groupdel ordores_sys; r groupdel ordores_sysg; true' 2>/dev/null" }
group { 'ordores_sysg': ensure => present, system => true, require => Exec['setup'] }
user { 'ordores_sys': ensure => present, system => true, require => Exec['setup'] }
exec { 'system ids': command => '/bin/true', onlyif => "/bin/sh -c 'test $(id -u ordores_sys) -lt 1000 && test $(getent group ordores_sysg | cut -d: -f3) -lt 1000'", require => [User['ordores_sys'], Group['ordores_sysg']] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_sys; r groupdel ordores_sys; r groupdel ordores_sysg'", require => Exec['system ids'] }
