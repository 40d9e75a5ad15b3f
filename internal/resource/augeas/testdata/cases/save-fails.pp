# setup: mkdir -p $ROOT/r/etc && printf '127.0.0.1\tlocalhost\n' > $ROOT/r/etc/hosts
augeas { 'bad-alias':
  root    => '@ROOT@/r',
  context => '/files/etc/hosts',
  changes => ['set 01/ipaddr 192.168.0.7', 'set 01/canonical web.example', 'set 01/alias "www two"'],
}
notify { 'after': require => Augeas['bad-alias'] }
notify { 'independent': }
