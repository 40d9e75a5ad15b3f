# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost\n' > $ROOT/r/etc/hosts && printf 'Port 22\n' > $ROOT/r/sshd_config && printf "A=1" > $ROOT/r/nonl
# flags: --show_diff
augeas { 'add':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 01/ipaddr 10.1.1.1', 'set 01/canonical a.example'],
}
augeas { 'secret':
  incl      => '@ROOT@/r/sshd_config',
  lens      => 'Sshd.lns',
  changes   => 'set Port 2222',
  show_diff => false,
}
augeas { 'loud':
  incl     => '@ROOT@/r/sshd_config',
  lens     => 'Sshd.lns',
  changes  => 'set ListenAddress 0.0.0.0',
  loglevel => warning,
  require  => Augeas['secret'],
}
augeas { 'new-file':
  incl    => '@ROOT@/r/new_sshd_config',
  lens    => 'Sshd.lns',
  changes => 'set Port 2',
}
augeas { 'no-newline':
  incl    => '@ROOT@/r/nonl',
  lens    => 'Shellvars.lns',
  changes => 'set B 2',
}
