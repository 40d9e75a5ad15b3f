class { 'nginx':
  worker_processes => 2,
  server_tokens    => 'off',
}
nginx::resource::server { 'www.example.com':
  www_root    => '/var/www/example',
  listen_port => 8080,
  ipv6_enable => false,
}
nginx::resource::location { 'static':
  server   => 'www.example.com',
  location => '/static',
  www_root => '/srv/static',
}
nginx::resource::upstream { 'app':
  members => {
    'app1' => { 'server' => '10.0.0.11', 'port' => 3000 },
    'app2' => { 'server' => '10.0.0.12', 'port' => 3000 },
  },
}
