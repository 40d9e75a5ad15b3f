# systemd
# setup: $FIX reset
service { 'ordoprov-nounit': provider => systemd, ensure => running } -> notify { 'after': }
notify { 'other': }
