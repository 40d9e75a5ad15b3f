class { 'nftables':
  out_all        => true,
  in_ssh         => false,
  noflush_tables => ['inet-f2b-table'],
}
nftables::simplerule { 'my_service_in':
  action  => 'accept',
  comment => 'allow traffic to port 543',
  counter => true,
  proto   => 'tcp',
  dport   => 543,
  daddr   => '2001:1458::/32',
  sport   => 541,
}
nftables::chain { 'web': inject => '20-default_in' }
nftables::rule { 'web-http': content => 'tcp dport { 80, 443 } accept', order => '05' }
nftables::file { 'geoip':
  content => @(EOT),
    include "/var/local/geoipsets/dbip/nftset/ipv4/*.ipv4"
    | EOT
}
