class { 'openvpn':
  autostart_all => true,
  servers       => {
    'winterthur' => {
      'country'      => 'CH',
      'province'     => 'ZH',
      'city'         => 'Winterthur',
      'organization' => 'example.org',
      'email'        => 'root@example.org',
      'server'       => '10.200.200.0 255.255.255.0',
    },
  },
  client_defaults => { 'server' => 'winterthur' },
  clients         => { 'client1' => {}, 'client2' => {} },
  client_specific_configs => {
    'client1' => { 'server' => 'winterthur', 'ifconfig' => '10.200.200.50 10.200.200.51' },
  },
  revokes => { 'client2' => { 'server' => 'winterthur' } },
}
