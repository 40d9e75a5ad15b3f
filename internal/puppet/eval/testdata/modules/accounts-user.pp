accounts::user { 'alice':
  uid      => '4001',
  gid      => '4001',
  groups   => ['sudo'],
  password => '!!',
  sshkeys  => ['ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC alice@laptop', 'from="10.0.0.1",no-pty ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI alice@desk'],
  bashrc_content => "alias ll='ls -l'\n",
}
