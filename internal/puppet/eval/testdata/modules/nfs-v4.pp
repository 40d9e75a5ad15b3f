class { 'nfs':
  server_enabled             => true,
  client_enabled             => true,
  nfs_v4                     => true,
  nfs_v4_client              => true,
  nfs_v4_idmap_domain        => 'example.com',
  nfs_v4_export_root         => '/export',
  nfs_v4_export_root_clients => '*(rw,fsid=0,insecure,no_subtree_check,async,no_root_squash)',
}
nfs::server::export { '/data_folder':
  ensure  => 'mounted',
  clients => '*(rw,insecure,async,no_root_squash,no_subtree_check)',
}
nfs::server::export { '/homeexport':
  ensure  => 'mounted',
  clients => '*(rw,insecure,async,root_squash,no_subtree_check)',
  mount   => '/srv/home',
}
nfs::client::mount { '/mnt/data':
  server => 'nfs.example.com',
  share  => 'data_folder',
}
