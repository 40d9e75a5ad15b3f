class { 'zabbix::agent':
  server          => '192.0.2.10',
  manage_firewall => true,
  manage_repo     => false,
  userparameters  => { 'mysql' => { 'content' => "UserParameter=mysql.ping,mysqladmin ping\n" } },
}
