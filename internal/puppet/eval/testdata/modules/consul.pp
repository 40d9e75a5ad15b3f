class { 'consul':
  version       => '1.16.0',
  init_style    => 'systemd',
  pretty_config => true,
  config_hash   => {
    'bootstrap_expect' => 1,
    'data_dir'         => '/opt/consul',
    'datacenter'       => 'east-aws',
    'node_name'        => 'node.example',
    'server'           => true,
    'node_meta'        => { 'rack' => '12' },
    'ports'            => { 'http' => '8500' },
  },
}
consul::service { 'web':
  checks => [{ 'http' => 'http://localhost:80/health', 'interval' => '10s' }],
  port   => 80,
  tags   => ['frontend', '1'],
}
