class { 'letsencrypt': email => 'ops@example.com', configure_epel => false }
letsencrypt::certonly { 'example.com': plugin => 'carrier-pigeon' }
