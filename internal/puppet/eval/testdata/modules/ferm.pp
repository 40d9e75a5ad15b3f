class { 'ferm':
  manage_service => true,
  input_policy   => 'DROP',
  rules          => {
    'allow_ssh' => { 'chain' => 'INPUT', 'action' => 'ACCEPT', 'proto' => 'tcp', 'dport' => 22 },
  },
}
ferm::rule { 'allow_http':
  chain  => 'INPUT',
  action => 'ACCEPT',
  proto  => ['tcp'],
  dport  => [80, 443],
  saddr  => ['192.0.2.0/24'],
}
