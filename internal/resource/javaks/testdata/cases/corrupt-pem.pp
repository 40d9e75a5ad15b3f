# A certificate that is not valid PEM, with a private key.
java_ks { 'bad:@ROOT@/ks/c.jks':
  certificate => '@ROOT@/pki/bad.pem',
  private_key => '@ROOT@/pki/server.key',
  password    => 'changeit',
}
