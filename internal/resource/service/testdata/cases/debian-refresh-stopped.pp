# setup: $FIX reset
notify { 'kick': } ~> service { 'ordoprov-svc': ensure => stopped }
