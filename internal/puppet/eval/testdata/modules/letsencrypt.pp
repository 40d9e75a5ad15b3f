class { 'letsencrypt':
  email          => 'ops@example.com',
  configure_epel => false,
}
letsencrypt::certonly { 'example.com':
  domains       => ['example.com', 'www.example.com'],
  plugin        => 'webroot',
  webroot_paths => ['/var/www/example'],
  manage_cron   => true,
}
