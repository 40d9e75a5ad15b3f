class { 'rsyslog::client':
  remote_servers => [
    { 'host' => 'logs1.example.com', 'port' => 514, 'protocol' => 'tcp' },
    { 'host' => 'logs2.example.com', 'pattern' => 'auth,authpriv.*' },
  ],
  log_local => true,
}
