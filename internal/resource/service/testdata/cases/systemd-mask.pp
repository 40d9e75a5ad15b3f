# systemd
# setup: $FIX reset; $FIX unit ordoprov-u inactive enabled
service { 'ordoprov-u': provider => systemd, enable => mask }
