class { 'vault':
  service_provider => 'systemd',
  mode            => 'agent',
  disable_mlock   => true,
  agent_vault     => {
    'address' => 'https://vault.example.com:8200',
  },
  agent_auto_auth => {
    'method' => [{
      'type'       => 'approle',
      'mount_path' => 'auth/approle',
      'config'     => {
        'role_id_file_path'   => '/etc/vault/role-id',
        'secret_id_file_path' => '/etc/vault/secret-id',
      },
    }],
  },
  agent_cache     => {
    'use_auto_auth_token' => true,
  },
  agent_listeners => [{
    'tcp' => {
      'address'     => '127.0.0.1:8100',
      'tls_disable' => true,
    },
  }],
}
