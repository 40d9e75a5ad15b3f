# A CA certificate, trusted, into a keystore that is not there yet.
java_ks { 'ordoca:@ROOT@/ks/trust.jks':
  certificate  => '@ROOT@/pki/ca.pem',
  password     => 'changeit',
  trustcacerts => true,
}
