include nginx
nginx::resource::server { 'secure.example.com':
  ssl         => true,
  ssl_cert    => '/etc/ssl/certs/secure.pem',
  ssl_key     => '/etc/ssl/private/secure.key',
  ssl_redirect => true,
  proxy       => 'http://app',
  auth_basic  => 'Restricted',
  auth_basic_user_file => '/etc/nginx/htpasswd',
  client_max_body_size => '20m',
}
nginx::resource::mailhost { 'mail.example.com':
  listen_port => 587,
  ipv6_enable => false,
  protocol    => 'smtp',
  xclient     => 'off',
  auth_http   => 'localhost:9000/auth',
}
