firewall { '100 allow ssh v6':
  dport    => 22,
  proto    => 'tcp',
  jump     => 'accept',
  protocol => 'IPv6',
  source   => '2001:db8::/32',
}
firewallchain { 'INPUT:filter:IPv6':
  purge  => true,
  ignore => ['-j fail2ban-ssh'],
}
