class { 'puppet':
  runmode               => 'cron',
  agent_server_hostname => 'puppet.example.com',
}
