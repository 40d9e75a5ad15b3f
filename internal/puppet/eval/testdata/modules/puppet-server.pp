class { 'puppet':
  server              => true,
  server_reports      => 'puppetdb,foreman',
  server_storeconfigs => true,
  server_foreman      => false,
}
class { 'puppet::server::puppetdb':
  server => 'mypuppetdb.example.com',
}
