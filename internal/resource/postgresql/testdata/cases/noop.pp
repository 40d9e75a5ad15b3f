# flags: --noop
# sql: CREATE TABLE seen (a int)
Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
postgresql_psql { 'create t1':
  command => 'CREATE TABLE t1 (a int)',
  unless  => "SELECT 1 FROM pg_tables WHERE tablename = 't1'",
}
postgresql_psql { 'no change':
  command => 'CREATE TABLE seen (a int)',
  unless  => "SELECT 1 FROM pg_tables WHERE tablename = 'seen'",
}
file { '@ROOT@/r/trigger': content => "x\n" }
postgresql_psql { 'refreshed':
  command     => 'CREATE TABLE t2 (a int)',
  refreshonly => true,
  subscribe   => File['@ROOT@/r/trigger'],
}
