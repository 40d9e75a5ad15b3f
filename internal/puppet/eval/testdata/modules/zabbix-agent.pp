class { 'zabbix::agent':
  server       => '192.0.2.10',
  serveractive => '192.0.2.10',
  hostname     => 'node.example',
}
