augeas { 'lens-only':
  lens    => 'Sshd.lns',
  changes => 'set Port 23',
}
