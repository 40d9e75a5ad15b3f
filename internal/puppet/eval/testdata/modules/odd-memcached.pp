class { 'memcached': max_memory => 64, max_connections => 'many', manage_firewall => false }
