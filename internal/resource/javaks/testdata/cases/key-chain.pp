# A private key with its certificate, the chain in its own file; and one
# with the chain after the certificate, its key given as content.
java_ks { 'server:@ROOT@/ks/keys.jks':
  certificate => '@ROOT@/pki/server.pem',
  chain       => '@ROOT@/pki/ca.pem',
  private_key => '@ROOT@/pki/server.key',
  password    => 'changeit',
}
java_ks { 'Bundled:@ROOT@/ks/keys.jks':
  certificate         => '@ROOT@/pki/bundle.pem',
  private_key_content => file('@ROOT@/pki/server.key'),
  password            => 'changeit',
  destkeypass         => 'changeit',
  require             => Java_ks['server:@ROOT@/ks/keys.jks'],
}
