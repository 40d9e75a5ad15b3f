# setup: printf '127.0.0.1\tlocalhost\n' > $ROOT/r/hosts
host { 'a.example': ip => '192.0.2.1', target => '@ROOT@/r/hosts' }
host { 'b.example': ip => '192.0.2.2', host_aliases => ['b'], target => '@ROOT@/r/hosts' } ~> notify { 'hosts changed': }
