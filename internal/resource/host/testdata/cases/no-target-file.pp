# setup: true
host { 'web.example': ip => '192.0.2.10', target => '@ROOT@/r/newhosts' }
