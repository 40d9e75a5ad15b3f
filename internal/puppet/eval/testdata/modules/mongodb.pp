class { 'mongodb::server':
  bind_ip => ['127.0.0.1'],
  port    => 27018,
  auth    => false,
}
