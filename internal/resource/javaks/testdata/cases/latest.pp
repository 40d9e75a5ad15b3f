# setup: keytool -importcert -noprompt -alias cert -file pki/server.pem -keystore ks/latest.jks -storepass changeit
# ensure => latest re-imports the entry when the certificate changed.
java_ks { 'cert:@ROOT@/ks/latest.jks':
  ensure      => latest,
  certificate => '@ROOT@/pki/server2.pem',
  password    => 'changeit',
}
java_ks { 'same:@ROOT@/ks/latest.jks':
  ensure      => latest,
  certificate => '@ROOT@/pki/ca.pem',
  password    => 'changeit',
  require     => Java_ks['cert:@ROOT@/ks/latest.jks'],
}
