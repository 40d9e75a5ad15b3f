exec { 'setup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_gi; r groupdel ordores_gi; for g in ordores_gi1 ordores_gi2 ordores_gi3; do r groupdel \$g; r groupadd \$g; done; r useradd -M -G ordores_gi1,ordores_gi2 ordores_gi' 2>/dev/null" }
user { 'ordores_gi': groups => ['ordores_gi3', 'ordores_gi2'], membership => inclusive, require => Exec['setup'] }
user { 'ordores_gi_none': ensure => absent }
exec { 'check': command => "/bin/sh -c 'test \"$(id -nG ordores_gi)\" = \"ordores_gi ordores_gi2 ordores_gi3\"'", require => User['ordores_gi'] }
exec { 'cleanup': command => "/bin/sh -c 'r() { for i in 1 2 3 4 5 6 7 8 9 10; do \"\$@\"; c=\$?; [ \$c = 1 ] || [ \$c = 10 ] || return 0; sleep 0.3; done; }; r userdel ordores_gi; r groupdel ordores_gi; r groupdel ordores_gi1; r groupdel ordores_gi2; r groupdel ordores_gi3'", require => Exec['check'] }
