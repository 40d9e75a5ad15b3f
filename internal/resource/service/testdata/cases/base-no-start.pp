# setup: $FIX reset
service { 'ordoprov-nostart': provider => base, ensure => running } -> notify { 'after': }
notify { 'other': }
