# sql: CREATE TABLE seen (a int)
# sql: INSERT INTO seen VALUES (1)
Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
postgresql_psql { 'create t1':
  command => 'CREATE TABLE t1 (a int, b text)',
  unless  => "SELECT 1 FROM pg_tables WHERE tablename = 't1'",
}
postgresql_psql { 'already there':
  command => 'CREATE TABLE seen (a int)',
  unless  => "SELECT 1 FROM pg_tables WHERE tablename = 'seen'",
}
postgresql_psql { 'onlyif true':
  command => "INSERT INTO t1 VALUES (1, 'onlyif')",
  onlyif  => 'SELECT a FROM seen',
  require => Postgresql_psql['create t1'],
}
postgresql_psql { 'onlyif false':
  command => "INSERT INTO t1 VALUES (2, 'never')",
  onlyif  => 'SELECT a FROM seen WHERE a > 5',
  require => Postgresql_psql['create t1'],
}
postgresql_psql { "INSERT INTO t1 VALUES (3, 'title')":
  db      => 'postgres',
  port    => 5432,
  require => Postgresql_psql['create t1'],
}
postgresql_psql { 'schema':
  command     => 'CREATE SCHEMA s1; CREATE TABLE s1.t2 (x int); INSERT INTO t2 VALUES (7)',
  search_path => ['s1', 'public'],
  psql_user   => 'postgres',
  psql_group  => 'postgres',
  cwd         => '@ROOT@',
}
postgresql_psql { 'environment':
  command          => "INSERT INTO seen VALUES (42)",
  connect_settings => {},
  environment      => ['PGHOST=@ROOT@/pg', 'PGDATABASE=postgres'],
  unless           => 'SELECT 1 FROM seen WHERE a = 42',
}
