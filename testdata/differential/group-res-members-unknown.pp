# Recorded with libuser installed (apt-get install libuser), where Puppet's groupadd provider manages members.
exec { 'setup': command => "/bin/sh -c 'userdel ordores_mu1; groupdel ordores_gmu1; groupdel ordores_gmu2; useradd -M ordores_mu1; groupadd ordores_gmu2; true' 2>/dev/null" }
group { 'ordores_gmu1': ensure => present, members => ['ordores_mu1', 'ordores_nosuchuser'], require => Exec['setup'] }
group { 'ordores_gmu2': members => ['ordores_nosuchuser2'], auth_membership => true, require => Exec['setup'] }
notify { 'after gmu2': require => Group['ordores_gmu2'] }
exec { 'check': command => '/bin/true', onlyif => "/bin/sh -c 'getent group ordores_gmu1'", require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_mu1; groupdel ordores_gmu1; groupdel ordores_gmu2; true'", require => Exec['check'] }
