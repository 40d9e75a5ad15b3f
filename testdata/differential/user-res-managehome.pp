exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel -r ordores_mh; r groupdel ordores_mh; r userdel ordores_mh2; r groupdel ordores_mh2; rm -rf /tmp/ordores_mh2home; r useradd -m -d /tmp/ordores_mh2home ordores_mh2; touch /tmp/ordores_mh2home/own' 2>/dev/null" }
user { 'ordores_mh': ensure => present, managehome => true, home => '@ROOT@/r/home', shell => '/bin/sh', require => Exec['setup'] }
exec { 'skeleton copied': command => '/bin/true', onlyif => "/bin/sh -c 'test -f @ROOT@/r/home/.bashrc && test \"$(stat -c %U @ROOT@/r/home)\" = ordores_mh'", require => User['ordores_mh'] }
user { 'ordores_mh2': ensure => absent, managehome => true, require => Exec['setup'] }
exec { 'home removed': command => '/bin/true', unless => '/bin/sh -c "test -e /tmp/ordores_mh2home"', require => User['ordores_mh2'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel -r ordores_mh; r groupdel ordores_mh'", require => Exec['skeleton copied'] }
