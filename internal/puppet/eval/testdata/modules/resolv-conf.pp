class { 'resolv_conf':
  nameservers => ['192.0.2.53', '192.0.2.54'],
  searchpath  => ['example.com', 'corp.example.com'],
  options     => ['timeout:2', 'attempts:3'],
}
