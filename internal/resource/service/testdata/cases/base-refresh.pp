# setup: $FIX reset; $BIN/ordoprov-daemon ordoprov-based >/dev/null
notify { 'kick': } ~> service { 'ordoprov-based': provider => base, ensure => running, start => '@BIN@/ordoprov-daemon ordoprov-based', pattern => '^root +[0-9]+ +1 .*ordoprov-based' }
