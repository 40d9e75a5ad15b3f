class { 'gitlab_ci_runner':
  install_method   => 'binary',
  manage_user      => true,
  log_level        => 'info',
  log_format       => 'json',
  session_server   => { 'listen_address' => '0.0.0.0:8093', 'session_timeout' => 1800 },
  runners          => {
    'shell_runner' => {
      'url'      => 'https://git.example.com',
      'token'    => 'glrt-abcdef',
      'executor' => 'shell',
      'limit'    => 2,
      'cache'    => { 'Type' => 's3', 'Shared' => true, 's3' => { 'ServerAddress' => 's3.example.com', 'BucketName' => 'runners' } },
    },
  },
}
