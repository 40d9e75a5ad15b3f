class { 'firewall': ensure => 'enabled' }
