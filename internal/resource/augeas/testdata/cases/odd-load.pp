# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1\n' > $ROOT/r/etc/hosts && printf 'Port 22\nbroken line without value\n' > $ROOT/r/sshd_config
augeas { 'unparsable-root':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => 'set 1/canonical x',
}
augeas { 'unparsable-incl':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => 'set Port 1',
}
augeas { 'unparsable-wide':
  root    => '@ROOT@/r',
  context => '/files',
  changes => 'set etc/hosts/1/canonical x',
}
augeas { 'other-file':
  root    => '@ROOT@/r',
  incl    => '/etc/hosts2',
  lens    => 'Hosts.lns',
  changes => ['set 1/ipaddr 1.2.3.4', 'set 1/canonical x'],
}
