# setup: printf '%s\n' 'port = 5433' 'port = 5434' 'shared_buffers = 1GB' > $ROOT/r/postgresql.conf; touch $ROOT/r/empty.conf
postgresql_conf { 'port': key => 'port', value => '5432', target => '@ROOT@/r/postgresql.conf' }
postgresql_conf { 'numeric': key => 'shared_buffers', value => 5, target => '@ROOT@/r/postgresql.conf' }
postgresql_conf { 'nokey': value => 'on', target => '@ROOT@/r/empty.conf' }
postgresql_conf { 'missingfile': key => 'port', value => '1', target => '@ROOT@/r/nosuch.conf' }
postgresql_conf { 'Upper.Case': key => 'Upper.Case', value => 'x y', target => '@ROOT@/r/empty.conf' }
postgresql_conf { 'inc': key => 'include', value => 'other.conf', target => '@ROOT@/r/empty.conf' }
