logrotate::rule { 'odd': path => '/var/log/odd.log', rotate_every => 'fortnight' }
