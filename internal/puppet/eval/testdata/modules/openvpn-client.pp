include openvpn
file { ['/etc/openvpn/zurich/keys/ca.crt', '/etc/openvpn/zurich/keys/zurich.crt', '/etc/openvpn/zurich/keys/zurich.key']:
  ensure => file,
  source => 'puppet:///modules/site/zurich.pem',
}
openvpn::server { 'zurich':
  remote  => ['mgmtnet3.nine.ch 1197', 'mgmtnet2.nine.ch 1197'],
  require => [File['/etc/openvpn/zurich/keys/ca.crt'],
    File['/etc/openvpn/zurich/keys/zurich.crt'],
    File['/etc/openvpn/zurich/keys/zurich.key']],
}
