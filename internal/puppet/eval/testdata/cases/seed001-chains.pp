package { 'ntp': }
file { '/etc/ntp.conf': }
service { 'ntpd': }
Package['ntp'] -> File['/etc/ntp.conf'] ~> Service['ntpd']
