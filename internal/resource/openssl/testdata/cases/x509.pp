# openssl::certificate::x509's common use: a key, a CSR and a self-signed
# certificate with subject alternative names and an extended key usage.
openssl::certificate::x509 { 'hostcert':
  commonname  => 'host.example',
  country     => 'CH',
  altnames    => ['a.example', '10.0.0.1'],
  extkeyusage => ['serverAuth'],
  base_dir    => '@ROOT@/r',
  key_size    => 2048,
  days        => 30,
}
