# A certificate into a JCEKS keystore.
java_ks { 'ca:@ROOT@/ks/store.jceks':
  certificate => '@ROOT@/pki/ca.pem',
  storetype   => 'jceks',
  password    => 'changeit',
}
