# setup: printf '127.0.0.1\tlocalhost\n' > $ROOT/r/hosts
# flags: --noop
host { 'web.example': ip => '192.0.2.10', target => '@ROOT@/r/hosts' }
