class { 'mysql::server':
  root_password           => 'r00t',
  manage_config_file      => false,
  users     => { 'app@%' => { 'ensure' => 'present', 'password_hash' => '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9', 'max_connections_per_hour' => 10 } },
  grants    => { 'app@%/appdb.*' => { 'ensure' => 'present', 'privileges' => ['SELECT', 'INSERT'], 'table' => 'appdb.*', 'user' => 'app@%' } },
  databases => { 'appdb' => { 'ensure' => 'present', 'charset' => 'utf8mb4' } },
}
include mysql::client
