exec { 'setup': command => "/bin/sh -c 'userdel ordores_hn; useradd -M -d /nonexistent/ordores_old ordores_hn' 2>/dev/null" }
user { 'ordores_hn': home => '@ROOT@/r/newhome', managehome => true, comment => 'Home: moved', require => Exec['setup'] }
exec { 'home not created': command => '/bin/true', unless => '/bin/sh -c "test -e @ROOT@/r/newhome"', require => User['ordores_hn'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_hn'", require => Exec['setup'] }
