include nftables
include nftables::rules::https
include nftables::rules::dns
nftables::rule { 'default_in-myhttp':
  content => 'tcp dport 80 accept',
}
nftables::set { 'my_set':
  type       => 'ipv4_addr',
  flags      => ['interval'],
  elements   => ['192.168.0.1/24', '10.0.0.2'],
  auto_merge => true,
}
