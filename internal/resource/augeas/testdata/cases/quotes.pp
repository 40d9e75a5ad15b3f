# setup: printf 'Port 22\nMatch User bob\n  X11Forwarding yes\n' > $ROOT/r/sshd_config && printf 'Port 22\n' > $ROOT/r/sshd_config2
augeas { 'quotes':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => [
    "set \"Banner\" '/etc/it''s \"quoted\"'",
    "set 'Match[Condition/User = \"bob\"]/Settings/X11Forwarding' no",
    'set Ciphers "aes128-ctr\ aes256-ctr"',
    'set AcceptEnv/01 \'A\\\'B\'',
    'set AcceptEnv/02 "C\\\\D"',
    "set ForceCommand 'echo \"a b\" | tr é \\\\t'",
    'set Match[Condition/User = "o\'neil"]/Condition/User "o\'neil"',
  ],
}
augeas { 'quotes-ok':
  incl    => '@ROOT@/r/sshd_config2',
  lens    => 'Sshd.lns',
  changes => [
    "set \"Banner\" '/etc/it''s \"quoted\"'",
    'set ChrootDirectory "/srv/a\ b"',
    'set PidFile \'A\\\'B\'',
    'set AuthorizedKeysFile "C\\\\D"',
    "set ForceCommand 'echo \"a b\" | tr é \\\\t'",
    'set Match[1]/Condition/User bob',
    "set 'Match[Condition/User = \"bob\"]/Settings/X11Forwarding' no",
    "set Match[Condition/User = 'bob']/Settings/PermitTTY 'no'",
    "set Match[last()]/Settings/Banner o'neil",
  ],
}
