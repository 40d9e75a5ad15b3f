include mysql::server
mysql::db { 'appdb':
  user     => 'app',
  password => 'secret-pass',
  host     => 'localhost',
  grant    => ['SELECT', 'UPDATE'],
}
