Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
postgresql_psql { 'no cwd':
  command => 'CREATE TABLE no_cwd (a int)',
  cwd     => '@ROOT@/nosuch',
}
postgresql_psql { 'no psql':
  command   => 'CREATE TABLE no_psql (a int)',
  psql_path => '/nosuch/psql',
}
postgresql_psql { 'no user':
  command   => 'CREATE TABLE no_user (a int)',
  psql_user => 'ordo_nosuchuser',
}
postgresql_psql { 'quoted search path':
  command     => 'CREATE TABLE t (a int)',
  search_path => 'public',
  unless      => "SELECT 1 FROM pg_tables WHERE tablename = 't'",
}
