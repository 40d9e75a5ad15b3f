# setup: $FIX reset
service { 'ordoprov-svc': ensure => running, enable => true }
