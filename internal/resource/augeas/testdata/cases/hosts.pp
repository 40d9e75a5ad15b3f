# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1\tlocalhost\n# comment\n10.0.0.1 old.example old\n' > $ROOT/r/etc/hosts
augeas { 'add-host':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => [
    'set 01/ipaddr 192.168.0.7',
    'set 01/canonical web.example',
    "set 01/alias[1] 'web'",
    'set 01/alias[2] "www"',
  ],
  onlyif  => "match *[ipaddr = '192.168.0.7'] size == 0",
}
augeas { 'add-host-again':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 01/ipaddr 192.168.0.7', 'set 01/canonical web.example'],
  onlyif  => "match *[ipaddr = '192.168.0.7'] size == 0",
  require => Augeas['add-host'],
}
augeas { 'present-already':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => 'set 1/canonical localhost',
}
augeas { 'guarded':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts/',
  changes => 'rm *[canonical = "old.example"]',
  onlyif  => 'get 2/ipaddr == 10.0.0.2',
}
augeas { 'remove-old':
  root    => '@ROOT@/r',
  changes => "rm /files/etc/hosts/*[canonical = 'old.example']",
  onlyif  => 'get /files/etc/hosts/2/ipaddr == 10.0.0.1',
  require => Augeas['add-host'],
}
