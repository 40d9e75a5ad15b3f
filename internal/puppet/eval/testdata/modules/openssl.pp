class { 'openssl':
  package_ensure         => latest,
  ca_certificates_ensure => latest,
}
openssl::certificate::x509 { 'hostcert':
  commonname => $facts['networking']['fqdn'],
  base_dir   => '@ROOT@/r/certs',
}
openssl::export::pkcs12 { 'foo':
  ensure   => 'present',
  basedir  => '@ROOT@/r',
  pkey     => '/here/is/my/private.key',
  cert     => '/there/is/the/cert.crt',
  in_pass  => 'my_pkey_password',
  out_pass => 'my_pkcs12_password',
}
