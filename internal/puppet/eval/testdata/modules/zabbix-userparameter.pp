class { 'zabbix::agent': server => '192.0.2.10', manage_repo => false }
include zabbix::userparameter
zabbix::userparameters { 'mysql':
  content => "UserParameter=mysql.ping,mysqladmin ping\n",
}
