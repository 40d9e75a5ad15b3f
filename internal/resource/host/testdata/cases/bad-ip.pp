# setup: true
host { 'web.example': ip => '300.1.1.1', target => '@ROOT@/r/hosts' }
