class { 'vault':
  service_provider => 'upstart',
}
