# A PKCS#12 file imported whole.
java_ks { 'src:@ROOT@/ks/store.p12':
  certificate     => '@ROOT@/pki/server.p12',
  storetype       => 'pkcs12',
  source_password => 'p12pass',
  password        => 'changeit',
}
