# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost\nthis is : not a hosts line ][\n' > $ROOT/r/etc/hosts && printf 'Port 22\n' > $ROOT/r/sshd_config && printf 'Port 22\n' > $ROOT/r/other
augeas { 'unparsable':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => 'set 1/canonical x',
}
augeas { 'unparsable-incl':
  incl    => '@ROOT@/r/etc/hosts',
  lens    => 'Hosts.lns',
  changes => 'set 1/canonical x',
}
augeas { 'missing-file':
  root    => '@ROOT@/r',
  context => '/files/etc/missing',
  changes => 'set 1/canonical x',
}
augeas { 'quotes':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => [
    "set \"Banner\" '/etc/it''s \"quoted\"'",
    "set 'Match[Condition/User = \"o''neil\"]/Settings/X11Forwarding' no",
    'set Match[Condition/User = "o\'neil"]/Condition/User "o\'neil"',
    'set Ciphers "aes128-ctr\ aes256-ctr"',
    'set AcceptEnv/01 \'A\\\'B\'',
  ],
}
augeas { 'unknown-command':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['set Port 23', 'frobnicate Port'],
}
augeas { 'get-in-changes':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['set Port 24', 'get Port == 1'],
}
augeas { 'bad-where':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['ins UseDNS around Port'],
}
augeas { 'bad-path':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['rm Port[', 'set Port 25'],
}
augeas { 'unmatched':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['rm Port]'],
}
augeas { 'missing-arg':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['set Port'],
}
augeas { 'mv-fails':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['mv Port Port/sub'],
}
augeas { 'clear-many':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['set A 1', 'set B 2', 'clear *'],
}
augeas { 'ins-missing':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['ins X before Nothing'],
}
augeas { 'rename-many':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['rename Nothing Y'],
}
augeas { 'defnode-many':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => ['set A 1', 'set B 1', 'defnode x * 3'],
}
augeas { 'no-lens':
  incl    => '@ROOT@/r/other',
  lens    => 'Nosuch.lns',
  changes => ['set A 1'],
}
augeas { 'empty-changes':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
  changes => [],
}
augeas { 'no-changes':
  incl    => '@ROOT@/r/other',
  lens    => 'Sshd.lns',
}
