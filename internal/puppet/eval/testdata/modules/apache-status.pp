class { 'apache': default_vhost => false }
class { 'apache::mod::status': requires => { 'enforce' => 'any', 'requires' => ['ip 127.0.0.1', 'ip ::1'] } }
apache::vhost { 'status.example.com':
  port    => 80,
  docroot => '/var/www/status',
}
