# setup: userdel ordoflc 2>/dev/null; groupdel ordoflc 2>/dev/null; groupdel ordoflcg 2>/dev/null; groupadd -g 47811 ordoflcg
# cleanup: userdel ordoflc; groupdel ordoflc; groupdel ordoflcg
# requires: libuser
user { 'ordoflc':
  ensure             => present,
  forcelocal         => true,
  uid                => 47810,
  gid                => 47811,
  groups             => ['ordoflcg'],
  comment            => 'Forced Local',
  home               => '/nonexistent/ordoflc',
  shell              => '/bin/sh',
  expiry             => '2031-01-01',
  password_max_age   => 90,
}
notify { 'after': require => User['ordoflc'] }
