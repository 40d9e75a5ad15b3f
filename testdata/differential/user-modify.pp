exec { 'setup': command => "/bin/sh -c 'userdel ordogold_u2; groupdel ordogold_g3; /usr/sbin/useradd -u 47951 -c Old -s /bin/sh ordogold_u2' 2>/dev/null" }
group { 'ordogold_g3': ensure => present, require => Exec['setup'] }
user { 'ordogold_u2': uid => 47952, comment => 'New', shell => '/bin/bash', groups => ['ordogold_g3'], expiry => '2031-01-01', password_max_age => 60, require => Exec['setup'] }
user { 'ordogold_absent': ensure => absent }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordogold_u2; groupdel ordogold_g3'", require => User['ordogold_u2'] }
