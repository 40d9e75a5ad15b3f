# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost\n' > $ROOT/r/etc/hosts
# flags: --noop --show_diff
augeas { 'add':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 01/ipaddr 10.1.1.1', 'set 01/canonical a.example'],
}
augeas { 'same':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 1/ipaddr 127.0.0.1'],
}
augeas { 'forced':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 1/ipaddr 127.0.0.1'],
  force   => true,
}
augeas { 'noop-param':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 1/alias lh'],
  noop    => true,
}
