class { 'unbound':
  control_enable      => true,
  prefetch            => true,
  extended_statistics => true,
  num_threads         => 2,
  skip_roothints_download => true,
}
unbound::localzone { 'example.lan.':
  type       => 'static',
  local_data => [
    { 'name' => 'www.example.lan.', 'ttl' => 300, 'type' => 'A', 'data' => '192.0.2.10' },
    { 'name' => 'mail.example.lan.', 'class' => 'IN', 'type' => 'MX', 'data' => '10 mx.example.lan.' },
  ],
}
unbound::record { 'host.example.lan':
  type    => 'AAAA',
  content => '2001:db8::1',
}
unbound::record { '10.0.10.192.in-addr.arpa':
  type    => 'PTR',
  content => 'host.example.lan',
  reverse => true,
}
