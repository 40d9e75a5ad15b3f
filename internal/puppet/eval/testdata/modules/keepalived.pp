include keepalived
keepalived::vrrp::instance { 'VI_50':
  interface         => 'eth0',
  state             => 'MASTER',
  virtual_router_id => 50,
  priority          => 101,
  auth_type         => 'PASS',
  auth_pass         => 'secret',
  virtual_ipaddress => ['10.0.0.1/29'],
}
