# sql: CREATE ROLE gone
# puppetlabs-postgresql's postgresql::server::role and
# postgresql::server::database, every parameter that would read the
# postgresql::server class given.
$conn = { 'PGHOST' => '@ROOT@/pg' }
postgresql::server::role { 'app':
  password_hash    => 'secret',
  createdb         => true,
  connection_limit => '5',
  db               => 'postgres',
  port             => 5432,
  connect_settings => $conn,
  psql_user        => 'postgres',
  psql_group       => 'postgres',
  psql_path        => '/usr/bin/psql',
  module_workdir   => '/tmp',
}
postgresql::server::role { 'gone':
  ensure           => absent,
  db               => 'postgres',
  port             => 5432,
  connect_settings => $conn,
  psql_user        => 'postgres',
  psql_group       => 'postgres',
  psql_path        => '/usr/bin/psql',
  module_workdir   => '/tmp',
}
