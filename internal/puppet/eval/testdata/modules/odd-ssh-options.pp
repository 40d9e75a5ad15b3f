class { 'ssh':
  server_options => { 'Port' => 2222, 'AllowUsers' => ['a', 'b'], 'Match Address 10.0.0.0/8' => { 'PermitRootLogin' => 'yes', 'X11Forwarding' => false } },
  storeconfigs_enabled => false,
  validate_sshd_file => true,
}
