# Recorded with libuser installed (apt-get install libuser), where Puppet's groupadd provider manages members.
exec { 'setup': command => "/bin/sh -c 'for u in ordores_m1 ordores_m2 ordores_m3; do userdel \$u; done; groupdel ordores_gmem; groupdel ordores_gmin; for u in ordores_m1 ordores_m2 ordores_m3; do useradd -M \$u; done; groupadd ordores_gmem; gpasswd -M ordores_m1 ordores_gmem; groupadd ordores_gmin; gpasswd -M ordores_m1 ordores_gmin' 2>/dev/null" }
group { 'ordores_gmem': members => ['ordores_m2', 'ordores_m3'], auth_membership => true, require => Exec['setup'] }
group { 'ordores_gmin': members => ['ordores_m2'], auth_membership => false, require => Exec['setup'] }
group { 'ordores_gnew': ensure => present, members => ['ordores_m1'], require => Exec['setup'] }
exec { 'check': command => '/bin/true', onlyif => "/bin/sh -c 'getent group ordores_gmem ordores_gmin ordores_gnew | cut -d: -f1,4 | tr \"\\n\" \" \" | grep -qx \"ordores_gmem:ordores_m2,ordores_m3 ordores_gmin:ordores_m1,ordores_m2 ordores_gnew:ordores_m1 \"'", require => [Group['ordores_gmem'], Group['ordores_gmin'], Group['ordores_gnew']] }
exec { 'cleanup': command => "/bin/sh -c 'for u in ordores_m1 ordores_m2 ordores_m3; do userdel \$u; done; groupdel ordores_gmem; groupdel ordores_gmin; groupdel ordores_gnew'", require => Exec['setup'] }
