file {'/etc/passwd':
  ensure => file,
}
File['/etc/passwd'] {
  owner => 'root',
  group => 'root',
  mode  => '0640',
}
