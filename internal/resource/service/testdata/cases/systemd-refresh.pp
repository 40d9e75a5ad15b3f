# systemd
# setup: $FIX reset; $FIX unit ordoprov-u active enabled
notify { 'kick': } ~> service { 'ordoprov-u': provider => systemd, ensure => running }
