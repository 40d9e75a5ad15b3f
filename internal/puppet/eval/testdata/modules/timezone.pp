class { 'timezone':
  timezone => 'Europe/Berlin',
}
