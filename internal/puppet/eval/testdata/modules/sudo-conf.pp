class { 'sudo':
  purge        => false,
  config_file_replace => false,
}
sudo::conf { 'admins':
  priority => 10,
  content  => '%admins ALL=(ALL) NOPASSWD: ALL',
}
sudo::conf { 'deploy':
  content => ['deploy ALL=(root) /usr/bin/systemctl restart app', 'Defaults:deploy !requiretty'],
}
