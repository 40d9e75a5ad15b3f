sshd_config { 'PermitRootLogin':
  ensure => present,
  value  => 'no',
}
sshd_config { 'AllowGroups':
  value => ['sshusers', 'admins'],
}
sshd_config { 'X11Forwarding':
  ensure    => present,
  condition => 'Host foo User root',
  value     => 'yes',
}
sshd_config_match { 'Host *.example.net':
  ensure => present,
}
sshd_config_subsystem { 'sftp':
  ensure  => present,
  command => '/usr/lib/openssh/sftp-server',
}
ssh_config { 'ForwardAgent':
  ensure => present,
  host   => 'example.com',
  value  => 'yes',
}
sshkey { 'github.com':
  ensure => absent,
}
