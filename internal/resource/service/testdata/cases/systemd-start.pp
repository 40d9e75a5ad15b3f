# systemd
# setup: $FIX reset; $FIX unit ordoprov-u inactive disabled
service { 'ordoprov-u': provider => systemd, ensure => running, enable => true }
