class { 'zabbix::agent': zbx_interface_type => 7, logtype => 'syslog' }
