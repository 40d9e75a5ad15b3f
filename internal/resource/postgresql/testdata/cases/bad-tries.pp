postgresql_conn_validator { 'bad tries': tries => 'many', psql_path => '/usr/bin/psql' }
file { '@ROOT@/r/untouched': content => "x\n" }
