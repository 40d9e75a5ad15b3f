# flags: --noop
# setup: printf '%s\n' 'port = 5433 # old' "dead_key = 'gone'" > $ROOT/r/postgresql.conf
Postgresql_conf { target => '@ROOT@/r/postgresql.conf' }
postgresql_conf { 'port': key => 'port', value => '5432' }
postgresql_conf { 'new': key => 'work_mem', value => '8MB' }
postgresql_conf { 'dead_key': ensure => absent, key => 'dead_key' }
