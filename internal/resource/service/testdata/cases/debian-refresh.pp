# setup: $FIX reset; /etc/init.d/ordoprov-svc start
notify { 'kick': } ~> service { 'ordoprov-svc': ensure => running, hasrestart => true }
