class { 'ordoeval':
  port     => 9090,
  settings => { 'mode' => 'slow' },
}
