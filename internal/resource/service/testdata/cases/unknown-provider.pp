# setup: $FIX reset
service { 'ordoprov-svc': provider => nosuch, ensure => running }
