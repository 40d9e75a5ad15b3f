exec { 'setup': command => "/bin/sh -c 'userdel ordores_ge; groupdel ordores_ge1; groupadd ordores_ge1; useradd -M -G ordores_ge1 ordores_ge' 2>/dev/null" }
user { 'ordores_ge': groups => [], membership => inclusive, require => Exec['setup'] }
exec { 'cleanup': command => "/bin/sh -c 'userdel ordores_ge; groupdel ordores_ge1'", require => User['ordores_ge'] }
