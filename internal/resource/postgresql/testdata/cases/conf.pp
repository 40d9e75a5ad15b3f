# setup: printf '%s\n' '# PostgreSQL configuration' '' "listen_addresses = 'localhost'   # what IP address(es) to listen on;" 'port = 5433' '#max_connections = 100' "shared_buffers = 128MB # min 128kB" "log_line_prefix = '%m [%p] '" 'work_mem=4MB' "dead_key = 'gone'   # to remove" 'include_dir = conf.d' > $ROOT/r/postgresql.conf
Postgresql_conf { target => '@ROOT@/r/postgresql.conf' }
postgresql_conf { 'port': key => 'port', value => '5432' }
postgresql_conf { 'max_connections': key => 'max_connections', value => '200' }
postgresql_conf { 'listen_addresses': key => 'listen_addresses', value => '*' }
postgresql_conf { 'shared_buffers': key => 'shared_buffers', value => '128MB', comment => 'managed' }
postgresql_conf { 'log_line_prefix': key => 'log_line_prefix', value => '%m [%p] ' }
postgresql_conf { 'work_mem': key => 'work_mem', value => '4MB' }
postgresql_conf { 'dead_key': ensure => absent, key => 'dead_key' }
postgresql_conf { 'missing_absent': ensure => absent, key => 'missing_absent' }
postgresql_conf { 'new_quoted': key => 'archive_command', value => 'cp %p /archive/%f', comment => 'new one' }
postgresql_conf { 'random_page_cost': key => 'random_page_cost', value => '1.1' }
