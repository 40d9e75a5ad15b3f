# sql: CREATE TABLE ev (what text)
Postgresql_psql { connect_settings => { 'PGHOST' => '@ROOT@/pg' } }
file { '@ROOT@/r/trigger': content => "x\n" }
postgresql_psql { 'refreshed':
  command     => "INSERT INTO ev VALUES ('refreshed')",
  refreshonly => true,
  subscribe   => File['@ROOT@/r/trigger'],
}
postgresql_psql { 'no event':
  command     => "INSERT INTO ev VALUES ('no event')",
  refreshonly => true,
}
postgresql_psql { 'runs and refreshed':
  command   => "INSERT INTO ev VALUES ('runs')",
  subscribe => File['@ROOT@/r/trigger'],
}
postgresql_psql { 'refreshed but unless':
  command     => "INSERT INTO ev VALUES ('unless')",
  unless      => 'SELECT 1',
  refreshonly => true,
  subscribe   => File['@ROOT@/r/trigger'],
}
