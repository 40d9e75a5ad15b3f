exec { 'setup': command => "/bin/sh -c 'groupdel ordores_gg1; groupdel ordores_gg2; groupdel ordores_gg3; groupadd -g 47501 ordores_gg1; groupadd -g 47502 ordores_gg2' 2>/dev/null" }
group { 'ordores_gg1': gid => 47503, require => Exec['setup'] }
group { 'ordores_gg2': gid => 47503, allowdupe => true, require => Group['ordores_gg1'] }
group { 'ordores_gg3': ensure => present, gid => 47503, require => Group['ordores_gg2'] }
exec { 'cleanup': command => "/bin/sh -c 'groupdel ordores_gg1; groupdel ordores_gg2; groupdel ordores_gg3; true'", require => Exec['setup'] }
