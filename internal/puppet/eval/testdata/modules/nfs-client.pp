class { 'nfs':
  server_enabled      => false,
  client_enabled      => true,
  nfs_v4_client       => true,
  nfs_v4_idmap_domain => 'example',
}
nfs::client::mount { '/share/data':
  server => '192.168.0.1',
  share  => 'data',
}
