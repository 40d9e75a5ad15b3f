class { 'systemd': manage_networkd => true }
wireguard::interface { 'as9876':
  source_addresses => ['2003:4e0:c17:5d::1', '195.37.53.176'],
  public_key       => 'BcxLll1BVxGkehriuehrFvjvX+EBhS4vcDn0R0=',
  endpoint         => 'wireguard.example.com:53668',
  addresses        => [{ 'Address' => '192.168.123.6/30' }, { 'Address' => 'fe80::beef:1/64' }],
}
