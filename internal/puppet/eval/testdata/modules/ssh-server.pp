class { 'ssh':
  server_options => {
    'PasswordAuthentication' => 'no',
    'Port'                   => [22, 2222],
    'Match User backup'      => { 'ForceCommand' => 'internal-sftp' },
  },
  client_options => {
    'Host *.example.com' => { 'ForwardAgent' => 'yes' },
  },
  storeconfigs_enabled => false,
}
ssh::server::config::setting { 'banner':
  key   => 'Banner',
  value => '/etc/issue.net',
}
