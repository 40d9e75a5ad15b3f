include redis
redis::instance { 'cache':
  port      => 6380,
  maxmemory => '64mb',
}
