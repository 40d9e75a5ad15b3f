class { 'mongodb::server': auth => true }
mongodb::db { 'app':
  user     => 'appuser',
  password => 'appsecret',
  roles    => ['readWrite', 'dbAdmin'],
}
