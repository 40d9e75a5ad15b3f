Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
postgresql_psql { 'bad sql':
  command => 'CREATE TABLE (',
}
postgresql_psql { 'after bad':
  command => 'CREATE TABLE after_bad (a int)',
  require => Postgresql_psql['bad sql'],
}
postgresql_psql { 'bad unless':
  command => 'CREATE TABLE never (a int)',
  unless  => 'SELECT nosuchcolumn FROM pg_tables',
}
postgresql_psql { 'bad onlyif':
  command => 'CREATE TABLE never2 (a int)',
  onlyif  => 'SELECT * FROM nosuchtable',
}
postgresql_psql { 'no database':
  command => 'SELECT 1',
  db      => 'nosuchdb',
}
postgresql_psql { 'independent':
  command => 'CREATE TABLE independent (a int)',
}
