class { 'apache':
  default_vhost => false,
  mpm_module    => 'prefork',
}
include apache::mod::php
include apache::mod::ssl
include apache::mod::rewrite
include apache::mod::proxy_http
apache::vhost { 'secure.example.com':
  port          => 443,
  ssl           => true,
  ssl_cert      => '/etc/ssl/certs/secure.pem',
  ssl_key       => '/etc/ssl/private/secure.key',
  docroot       => '/var/www/secure',
  serveraliases => ['www.secure.example.com'],
  proxy_pass    => [{ 'path' => '/api', 'url' => 'http://127.0.0.1:8080/' }],
  rewrites      => [{ 'comment' => 'force www', 'rewrite_cond' => ['%{HTTP_HOST} !^www\. [NC]'], 'rewrite_rule' => ['^(.*)$ https://www.%{HTTP_HOST}$1 [R=301,L]'] }],
  directories   => [
    { 'path' => '/var/www/secure', 'options' => ['Indexes', 'FollowSymLinks'], 'allow_override' => ['All'], 'require' => 'all granted' },
  ],
  headers       => ['set Strict-Transport-Security "max-age=31536000"'],
  setenv        => ['APP_ENV production'],
}
apache::vhost { 'redirect.example.com':
  port            => 80,
  docroot         => '/var/www/redirect',
  redirect_status => 'permanent',
  redirect_dest   => 'https://secure.example.com/',
}
