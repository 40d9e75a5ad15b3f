# setup: printf '# static table\n127.0.0.1\tlocalhost\n\n192.0.2.1 other.example other # a comment\n' > $ROOT/r/hosts
host { 'web.example': ip => '192.0.2.10', host_aliases => ['web', 'www'], comment => 'the web server', target => '@ROOT@/r/hosts' }
