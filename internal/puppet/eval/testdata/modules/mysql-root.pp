class { 'mysql::server':
  root_password           => Sensitive('Str0ngRoot!'),
  remove_default_accounts => true,
  override_options        => { 'mysqld' => { 'bind-address' => '0.0.0.0', 'max_connections' => 300 } },
}
