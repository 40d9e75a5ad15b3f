exec { 'setup': command => "/bin/sh -c 'userdel ordores_gm; for g in ordores_gm1 ordores_gm2 ordores_gm3; do groupdel \$g; groupadd \$g; done; useradd -M -G ordores_gm1 ordores_gm' 2>/dev/null" }
user { 'ordores_gm': groups => ['ordores_gm3', 'ordores_gm2'], membership => minimum, require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_gm; groupdel ordores_gm1; groupdel ordores_gm2; groupdel ordores_gm3'", require => User['ordores_gm'] }
