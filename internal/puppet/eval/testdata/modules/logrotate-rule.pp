class { 'logrotate':
  config => {
    'rotate'   => 7,
    'compress' => true,
  },
}
logrotate::rule { 'app':
  path         => ['/var/log/app/*.log'],
  rotate       => 14,
  rotate_every => 'day',
  compress     => true,
  missingok    => true,
  postrotate   => '/usr/bin/systemctl reload app',
}
