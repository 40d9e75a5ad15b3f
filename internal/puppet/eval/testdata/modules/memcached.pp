class { 'memcached':
  max_memory      => 64,
  listen          => '127.0.0.1',
  max_connections => 2048,
  manage_firewall => false,
}
