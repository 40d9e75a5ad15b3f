exec { 'setup': command => "/bin/sh -c 'userdel ordores_gi; for g in ordores_gi1 ordores_gi2 ordores_gi3; do groupdel \$g; groupadd \$g; done; useradd -M -G ordores_gi1,ordores_gi2 ordores_gi' 2>/dev/null" }
user { 'ordores_gi': groups => ['ordores_gi3', 'ordores_gi2'], membership => inclusive, require => Exec['setup'] }
user { 'ordores_gi_none': ensure => absent }
exec { 'check': command => "/bin/sh -c 'test \"$(id -nG ordores_gi)\" = \"ordores_gi ordores_gi2 ordores_gi3\"'", require => User['ordores_gi'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_gi; groupdel ordores_gi1; groupdel ordores_gi2; groupdel ordores_gi3'", require => Exec['check'] }
