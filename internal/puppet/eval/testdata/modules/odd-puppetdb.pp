class { 'puppetdb::server': manage_firewall => false, java_args => ['-Xmx512m'] }
