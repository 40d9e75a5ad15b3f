# setup: printf 'Port 22\n# a comment\nPermitRootLogin yes\nX11Forwarding yes\nAcceptEnv LANG LC_*\nMatch User anoncvs\n    X11Forwarding no\n' > $ROOT/r/sshd_config
augeas { 'sshd':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => [
    'set PermitRootLogin no',
    'rm X11Forwarding',
    'set AcceptEnv/3 LC_ALL',
    'set Match[Condition/User = "anoncvs"]/Settings/AllowTcpForwarding no',
  ],
}
augeas { 'sshd-in-sync':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  context => '/files@ROOT@/r/sshd_config',
  changes => 'set Port 22',
  require => Augeas['sshd'],
}
augeas { 'sshd-new-file':
  incl    => '@ROOT@/r/new_sshd_config',
  lens    => 'Sshd.lns',
  changes => ['set PasswordAuthentication no', 'set UseDNS no'],
}
