class { 'redis':
  bind        => ['127.0.0.1', '192.0.2.5'],
  requirepass => 'sup3rsecret',
  maxmemory   => '256mb',
}
