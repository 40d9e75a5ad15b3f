file { '/tmp/gp': ensure => file, mode => '0644' }
notify { 'getparam':
  message => [
    getparam(undef, 'mode'),
    getparam(File['/tmp/gp'], undef),
    getparam('', 'mode'),
    getparam('File[/tmp/gp]', 'ensure'),
  ],
}
