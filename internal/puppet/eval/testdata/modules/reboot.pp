package { 'linux-image-amd64':
  ensure => installed,
}
reboot { 'after kernel':
  subscribe => Package['linux-image-amd64'],
  apply     => finished,
  message   => 'kernel updated',
  timeout   => 120,
}
reboot { 'now':
  when => pending,
}
