# sql: CREATE TABLE secret (a text)
Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
postgresql_psql { 'hidden':
  command   => "INSERT INTO secret VALUES ('s3cret')",
  unless    => "SELECT 1 FROM secret WHERE a = 's3cret'",
  sensitive => true,
}
postgresql_psql { 'hidden failure':
  command   => "INSERT INTO nosuch VALUES ('s3cret')",
  sensitive => true,
}
postgresql_psql { 'sensitive value':
  command => Sensitive("INSERT INTO secret VALUES ('wrapped')"),
}
