class { 'postgresql::server':
  listen_addresses => '*',
  ip_mask_allow_all_users => '10.0.0.0/8',
}
postgresql::server::db { 'inventory':
  user     => 'inv',
  password => postgresql::postgresql_password('inv', 'inv-secret'),
}
postgresql::server::pg_hba_rule { 'app network':
  type        => 'host',
  database    => 'inventory',
  user        => 'inv',
  address     => '10.1.0.0/16',
  auth_method => 'scram-sha-256',
}
postgresql::server::config_entry { 'work_mem': value => '16MB' }
