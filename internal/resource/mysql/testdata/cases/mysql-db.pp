# sql: CREATE DATABASE olddb
# sql: CREATE USER 'old'@'localhost'
# The module's own define: a database, its user (the password hashed by
# a Deferred mysql::password) and the user's grant, after mysql::client.
mysql::db { 'appdb':
  user     => 'app',
  password => 'secret',
  grant    => ['SELECT', 'UPDATE'],
}
mysql::db { 'olddb':
  ensure   => absent,
  user     => 'old',
  password => 'x',
}
