# flags: --noop
openssl::certificate::x509 { 'hostcert':
  commonname => 'host.example',
  base_dir   => '@ROOT@/r',
  key_size   => 2048,
}
dhparam { '@ROOT@/r/dh.pem': size => 512, ensure => present }
