class { 'jenkins':
  cli_ssh_keyfile => '/path/to/id_rsa',
}
