# systemd
# setup: $FIX reset
service { 'ordoprov-svc': ensure => running, provider => debian }
notify { 'after': require => Service['ordoprov-svc'] }
