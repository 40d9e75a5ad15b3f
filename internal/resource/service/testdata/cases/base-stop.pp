# setup: $FIX reset; $BIN/ordoprov-daemon ordoprov-based >/dev/null
service { 'ordoprov-based': provider => base, ensure => stopped, start => '@BIN@/ordoprov-daemon ordoprov-based' }
