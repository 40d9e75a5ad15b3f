class { 'puppetdb::server':
  manage_firewall => false,
  java_args       => { '-Xmx' => '512m', '-Xms' => '256m' },
}
