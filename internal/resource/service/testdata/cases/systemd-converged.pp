# systemd
# setup: $FIX reset; $FIX unit ordoprov-u active enabled
service { 'ordoprov-u': provider => systemd, ensure => running, enable => true }
