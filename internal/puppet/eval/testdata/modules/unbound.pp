class { 'unbound':
  interface       => ['::0', '0.0.0.0'],
  access          => ['10.0.0.0/20', '10.0.0.5/32 reject', '::1 allow_snoop'],
  domain_insecure => ['example.com', 'example.org'],
  local_zone      => { '10.0.10.in-addr.arpa.' => 'nodefault' },
}
unbound::stub { 'lan.example.com':
  address  => '10.0.0.10',
  insecure => true,
}
unbound::stub { '10.0.10.in-addr.arpa.':
  address     => ['10.0.0.53', '10.0.0.10@10053'],
  nameservers => ['ns1.example.com', 'ns2.example.com'],
}
unbound::record { 'test.example.tld':
  type    => 'A',
  content => '10.0.0.1',
  ttl     => 14400,
}
unbound::forward { '.':
  address => ['8.8.8.8', '8.8.4.4'],
}
