# setup: printf '127.0.0.1\tlocalhost\n192.0.2.10\tweb.example\tweb www\n' > $ROOT/r/hosts
host { 'web.example': ensure => absent, target => '@ROOT@/r/hosts' }
