# setup: $FIX reset; /etc/init.d/ordoprov-svc start
service { 'ordoprov-svc': ensure => stopped, status => '/bin/false' }
