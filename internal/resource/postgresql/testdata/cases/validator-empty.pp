postgresql_conn_validator { 'empty result':
  connect_settings => { 'PGHOST' => '@ROOT@/pg' },
  psql_path        => '/usr/bin/psql',
  run_as           => 'postgres',
  command          => 'SELECT 1 WHERE false',
  tries            => 2,
  sleep            => 0,
}
postgresql_conn_validator { 'absent':
  ensure    => absent,
  host      => '@ROOT@/pg',
  port      => 5999,
  psql_path => '/usr/bin/psql',
  tries     => 1,
  sleep     => 0,
}
