postgresql_conf { 'port': value => '5432', target => '@ROOT@/r/postgresql.txt' }
file { '@ROOT@/r/untouched': content => "x\n" }
