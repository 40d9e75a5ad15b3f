class { 'nfs':
  server_enabled => true,
}
nfs::server::export { '/data_folder':
  ensure  => 'mounted',
  clients => '10.0.0.0/24(rw,insecure,async,no_root_squash) localhost(rw)',
}
nfs::server::export { '/homeexport':
  ensure  => 'mounted',
  clients => '10.0.0.0/24(rw,insecure,async,root_squash)',
  mount   => '/srv/home',
}
