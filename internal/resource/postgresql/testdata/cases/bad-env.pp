postgresql_psql { 'bad env':
  command     => 'SELECT 1',
  environment => ['PGHOST=/tmp', 'no equals sign'],
}
file { '@ROOT@/r/untouched': content => "x\n" }
