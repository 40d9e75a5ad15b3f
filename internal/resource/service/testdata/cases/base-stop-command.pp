# setup: $FIX reset; $BIN/ordoprov-daemon ordoprov-based >/dev/null
service { 'ordoprov-based': provider => base, ensure => stopped, status => 'pgrep -f ^ordoprov-based', stop => 'pkill -f ^ordoprov-based' }
