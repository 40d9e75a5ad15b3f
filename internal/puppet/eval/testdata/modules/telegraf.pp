class { 'telegraf':
  hostname => 'node.example',
  outputs  => { 'influxdb' => [{ 'urls' => ['http://influxdb.example:8086'], 'database' => 'telegraf' }] },
  inputs   => { 'cpu' => [{ 'percpu' => true, 'totalcpu' => true }], 'disk' => [{ 'ignore_fs' => ['tmpfs', 'devtmpfs'] }] },
  manage_repo => false,
}
telegraf::input { 'nginx':
  plugin_type => 'nginx',
  options     => [{ 'urls' => ['http://localhost/status'] }],
}
