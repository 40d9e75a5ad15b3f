exec { 'setup': command => "/bin/sh -c 'userdel ordores_f1; userdel ordores_f2; userdel ordores_f3; useradd -M -u 47401 ordores_f1; useradd -M -u 47402 ordores_f3' 2>/dev/null" }
user { 'ordores_f1': shell => '/nonexistent/shell', require => Exec['setup'] }
user { 'ordores_f2': ensure => present, gid => 'ordores_nosuchgroup', require => Exec['setup'] }
user { 'ordores_f3': uid => 47401, require => Exec['setup'] }
user { 'ordores_f4': ensure => present, uid => 4294967296, require => Exec['setup'] }
notify { 'after f2': require => User['ordores_f2'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_f1; userdel ordores_f2; userdel ordores_f3; userdel ordores_f4; true'", require => Exec['setup'] }
