# setup: printf '127.0.0.1\tlocalhost\n192.0.2.10\tweb.example\tweb www\t# the web server\n' > $ROOT/r/hosts
host { 'web.example': ip => '192.0.2.11', host_aliases => 'web', target => '@ROOT@/r/hosts' }
