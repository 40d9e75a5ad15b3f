class { 'nginx': }
nginx::resource::upstream { 'backend':
  members => { 'b1' => { 'server' => '10.0.0.21', 'port' => 8080, 'weight' => 2 }, 'b2' => { 'server' => '10.0.0.22', 'port' => 8080 } },
  ip_hash => true,
}
nginx::resource::server { 'api.example.com':
  listen_port      => 443,
  ssl              => true,
  ssl_port         => 443,
  ssl_cert         => '/etc/ssl/certs/api.pem',
  ssl_key          => '/etc/ssl/private/api.key',
  proxy            => 'http://backend',
  proxy_set_header => ['Host $host', 'X-Real-IP $remote_addr'],
  add_header       => { 'X-Frame-Options' => 'DENY' },
}
nginx::resource::location { 'api-health':
  server              => 'api.example.com',
  location            => '= /health',
  ssl                 => true,
  ssl_only            => true,
  location_custom_cfg => { 'return' => '200 "ok"' },
}
nginx::resource::map { 'backend_pool':
  string   => '$http_host',
  mappings => { 'api.example.com' => 'backend', 'default' => 'backend' },
}
