class { 'snmp':
  agentaddress => ['udp:161', 'udp6:[::1]:161'],
  ro_community => 'n0tpublic',
  ro_network   => '192.0.2.0/24',
  contact      => 'ops@example.com',
  location     => 'Rack 12',
}
