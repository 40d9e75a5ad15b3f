class { 'fail2ban': bantime => 'forever' }
