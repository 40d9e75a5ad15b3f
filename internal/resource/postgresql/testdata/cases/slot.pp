# env: PGHOST=@ROOT@/pg
# sql: SELECT pg_create_physical_replication_slot('old_slot')
# sql: SELECT pg_create_physical_replication_slot('kept')
postgresql_replication_slot { 'new_slot': ensure => present }
postgresql_replication_slot { 'kept': ensure => present }
postgresql_replication_slot { 'old_slot': ensure => absent }
postgresql_replication_slot { 'missing': ensure => absent }
file { '@ROOT@/r/after': content => "x\n", require => Postgresql_replication_slot['new_slot'] }
