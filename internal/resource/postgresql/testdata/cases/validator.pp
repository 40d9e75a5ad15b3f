postgresql_conn_validator { 'up':
  connect_settings => { 'PGHOST' => '@ROOT@/pg' },
  psql_path        => '/usr/bin/psql',
  run_as           => 'postgres',
  db_name          => 'postgres',
  tries            => 2,
  sleep            => 1,
}
postgresql_conn_validator { 'host and port':
  host        => '@ROOT@/pg',
  port        => 5432,
  db_username => 'postgres',
  db_password => 'unused',
  psql_path   => '/usr/bin/psql',
  run_as      => 'postgres',
  command     => 'SELECT 2',
}
postgresql_conn_validator { 'down':
  host      => '@ROOT@/pg',
  port      => 5999,
  psql_path => '/usr/bin/psql',
  run_as    => 'postgres',
  tries     => 2,
  sleep     => 1,
}
file { '@ROOT@/r/after-down': content => "x\n", require => Postgresql_conn_validator['down'] }
file { '@ROOT@/r/after-up': content => "x\n", require => Postgresql_conn_validator['up'] }
