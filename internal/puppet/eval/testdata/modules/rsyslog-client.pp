class { 'rsyslog::client':
  remote_servers => [
    { 'host' => 'logs1.example.com', 'port' => 514, 'protocol' => 'tcp' },
    { 'host' => 'logs2.example.com', 'pattern' => 'auth,authpriv.*', 'protocol' => 'udp' },
  ],
  log_local => true,
}
