class { 'zookeeper':
  servers             => ['192.168.1.1', '192.168.1.2', '192.168.1.3', '192.168.1.4', '192.168.1.5'],
  observers           => ['192.168.1.4', '192.168.1.5'],
  service_provider    => 'init',
  manage_service_file => false,
}
