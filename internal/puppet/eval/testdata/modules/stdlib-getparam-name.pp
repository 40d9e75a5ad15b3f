file { '/tmp/gp': ensure => file, mode => '0644' }
notify { 'getparam':
  message => [
    getparam(File['/tmp/gp'], undef),
    getparam('File[/tmp/gp]', 'ensure'),
    getparam("File[/tmp/gp]\n", 'ensure'),
  ],
}
