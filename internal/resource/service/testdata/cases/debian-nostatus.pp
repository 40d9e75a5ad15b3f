# setup: $FIX reset
service { 'ordoprov-svc': ensure => running, hasstatus => false, pattern => '^root +[0-9]+ +1 .*ordoprov-svcd' }
