include mysql::server
mysql::db { 'olddb':
  ensure   => absent,
  user     => 'old',
  password => Sensitive('gone'),
}
mysql::db { 'import':
  user        => 'imp',
  password    => 'imp0rt',
  sql         => ['/tmp/schema.sql'],
  enforce_sql => true,
  grant       => 'SELECT',
}
