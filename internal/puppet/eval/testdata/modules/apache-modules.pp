class { 'apache': default_vhost => false, mpm_module => 'prefork' }
include apache::mod::php
include apache::mod::ssl
include apache::mod::rewrite
apache::vhost { 'app.example.com':
  port          => 443,
  docroot       => '/var/www/app',
  ssl           => true,
  rewrites      => [{ 'rewrite_rule' => ['^/old$ /new [R=301,L]'] }],
  directories   => [{ 'path' => '/var/www/app', 'allow_override' => ['All'], 'require' => 'all granted' }],
  proxy_pass    => [{ 'path' => '/api', 'url' => 'http://127.0.0.1:8080/' }],
  headers       => ['set X-Frame-Options SAMEORIGIN'],
}
