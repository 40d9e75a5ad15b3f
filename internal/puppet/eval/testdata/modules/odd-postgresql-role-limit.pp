class { 'postgresql::server':
  listen_addresses        => '*',
  ip_mask_allow_all_users => '0.0.0.0/0',
  ipv4acls                => ['host all all 10.0.0.0/8 md5', 'hostssl app app 192.0.2.0/24 scram-sha-256'],
}
postgresql::server::role { 'reporting':
  password_hash    => postgresql::postgresql_password('reporting', 'rep0rt'),
  connection_limit => 5,
  login            => true,
}
postgresql::server::database { 'metrics':
  owner    => 'reporting',
  encoding => 'UTF8',
}
postgresql::server::database_grant { 'reporting on metrics':
  privilege => 'CONNECT',
  db        => 'metrics',
  role      => 'reporting',
}
postgresql::server::table_grant { 'reporting select events':
  privilege => 'SELECT',
  table     => 'events',
  db        => 'metrics',
  role      => 'reporting',
}
postgresql::server::config_entry { 'max_connections':
  value => 200,
}
postgresql::server::extension { 'pg_stat_statements':
  database => 'metrics',
}
