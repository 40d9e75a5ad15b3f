include haproxy
haproxy::listen { 'puppet00':
  collect_exported => false,
  ipaddress        => '127.0.0.1',
  ports            => '8140',
}
haproxy::balancermember { 'master00':
  listening_service => 'puppet00',
  server_names      => 'master00.example.com',
  ipaddresses       => '10.0.0.10',
  ports             => '8140',
  options           => 'check',
}
