# setup: $FIX reset
service { 'ordoprov-based': provider => base, ensure => running, start => '@BIN@/ordoprov-daemon ordoprov-based' }
