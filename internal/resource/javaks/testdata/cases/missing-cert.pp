# A certificate file that does not exist.
java_ks { 'x:@ROOT@/ks/m.jks':
  certificate => '@ROOT@/pki/nothere.pem',
  password    => 'changeit',
}
