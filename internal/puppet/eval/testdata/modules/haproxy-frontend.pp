class { 'haproxy':
  global_options   => { 'maxconn' => 4096, 'log' => '127.0.0.1 local0' },
  defaults_options => { 'mode' => 'http', 'timeout' => ['connect 5s', 'client 30s', 'server 30s'] },
}
haproxy::frontend { 'web':
  ports   => '80',
  mode    => 'http',
  options => { 'default_backend' => 'app', 'option' => ['httplog', 'forwardfor'] },
}
haproxy::backend { 'app':
  options => { 'balance' => 'roundrobin', 'option' => ['httpchk GET /health'] },
}
haproxy::balancermember { 'app1':
  listening_service => 'app',
  server_names      => ['app1', 'app2'],
  ipaddresses       => ['10.0.0.21', '10.0.0.22'],
  ports             => '8080',
  options           => 'check',
}
