contain openssl
openssl::export::pem_cert { 'foo':
  ensure   => 'present',
  pfx_cert => '/here/is/my/certstore.pfx',
  pem_cert => '@ROOT@/r/cert.pem',
  in_pass  => 'my_pkcs12_password',
}
openssl::export::pem_key { 'foo':
  ensure   => 'present',
  pfx_cert => '/here/is/my/certstore.pfx',
  pem_key  => '@ROOT@/r/private.key',
  in_pass  => 'my_pkcs12_password',
  out_pass => 'my_pkey_password',
}
openssl::dhparam { '@ROOT@/r/dhparam.pem':
  size => 2048,
}
openssl::certificate::x509 { 'othercert':
  ensure       => present,
  country      => 'CH',
  organization => 'Example.com',
  commonname   => 'other.example.com',
  altnames     => ['a.example.com', 'b.example.com'],
  extkeyusage  => ['serverAuth', 'clientAuth'],
  days         => 3650,
  owner        => 'www-data',
  base_dir     => '@ROOT@/r/certs',
}
