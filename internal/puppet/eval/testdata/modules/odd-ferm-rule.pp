class { 'ferm':
  manage_service => true,
  input_policy   => 'DROP',
  rules          => {
    'allow_ssh'  => { 'chain' => 'INPUT', 'policy' => 'ACCEPT', 'proto' => 'tcp', 'dport' => 22 },
  },
}
