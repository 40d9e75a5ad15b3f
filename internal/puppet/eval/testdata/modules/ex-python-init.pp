class { 'python':
  version => 'system',
  dev     => true,
}
