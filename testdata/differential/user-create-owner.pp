exec { 'pre-clean': command => "/bin/sh -c 'userdel ordogold_u1; groupdel ordogold_g1; groupdel ordogold_g2; true' 2>/dev/null" }
group { 'ordogold_g1': ensure => present, require => Exec['pre-clean'] }
group { 'ordogold_g2': ensure => present, require => Exec['pre-clean'] }
user { 'ordogold_u1': ensure => present, gid => 'ordogold_g1', groups => ['ordogold_g2'], comment => 'Ordo Gold', shell => '/bin/sh', home => '@ROOT@/r/home', require => Exec['pre-clean'] }
file { '@ROOT@/r/owned': ensure => file, owner => 'ordogold_u1', group => 'ordogold_g2', content => "x\n" }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordogold_u1; groupdel ordogold_g1; groupdel ordogold_g2'", require => [User['ordogold_u1'], File['@ROOT@/r/owned']] }
