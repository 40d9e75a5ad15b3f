# setup: printf 'Port 22\n' > $ROOT/r/sshd_config
augeas { 'hash':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => { 'set Port' => '2222', 'set UseDNS' => 'no' },
}
augeas { 'nested':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => [['set Port 23'], [['set UseDNS no']]],
}
