ini_setting { 'token':
  ensure  => present,
  path    => '/etc/app/secrets.ini',
  section => 'auth',
  setting => 'token',
  value   => Deferred('join', [['a', 'b'], '-']),
  show_diff => false,
}
