# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1 localhost\n' > $ROOT/r/etc/hosts
exec { 'trigger': command => '/bin/true', notify => [Augeas['notified'], Augeas['notified-same']] }
augeas { 'notified':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 01/ipaddr 10.1.1.1', 'set 01/canonical a.example'],
}
augeas { 'notified-same':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 1/ipaddr 127.0.0.1'],
  require => Augeas['notified'],
}
exec { 'after-change':
  command     => '/bin/echo changed',
  refreshonly => true,
  subscribe   => Augeas['notified'],
}
exec { 'after-same':
  command     => '/bin/echo same',
  refreshonly => true,
  subscribe   => Augeas['notified-same'],
}
