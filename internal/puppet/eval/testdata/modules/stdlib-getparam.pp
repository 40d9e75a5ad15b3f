define example_resource($param, $other = 'x') {}
example_resource { 'inst': param => 'the value' }
file { '/tmp/gp': ensure => file, mode => '0644' }
notify { 'getparam':
  message => [
    getparam(Example_resource['inst'], 'param'),
    getparam(Example_resource['inst'], 'other'),
    getparam('Example_resource[inst]', 'param'),
    getparam(File['/tmp/gp'], 'mode'),
    getparam(File['/tmp/missing'], 'mode'),
    getparam(File['/tmp/gp'], ''),
    getparam(File['/tmp/gp'], 'owner'),
  ],
}
