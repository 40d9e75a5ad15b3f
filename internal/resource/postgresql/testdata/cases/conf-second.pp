# setup: printf '%s\n' "port = 5432 # kept" "Shared_Buffers = 128MB" "listen_addresses = '*'" "ratio = 1.50" > $ROOT/r/postgresql.conf
Postgresql_conf { target => '@ROOT@/r/postgresql.conf' }
postgresql_conf { 'port': key => 'port', value => 5432, comment => 'kept' }
postgresql_conf { 'shared_buffers': key => 'shared_buffers', value => '128MB' }
postgresql_conf { 'listen_addresses': key => 'listen_addresses', value => '*' }
postgresql_conf { 'ratio': key => 'ratio', value => '1.50' }
postgresql_conf { 'empty': key => 'search_path', value => '' }
