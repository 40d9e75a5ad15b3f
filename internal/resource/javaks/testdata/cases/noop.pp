# flags: --noop
# setup: keytool -importcert -noprompt -alias old -file pki/server.pem -keystore ks/n.jks -storepass changeit
# Under --noop nothing changes: a new entry, a latest one, a removal.
java_ks { 'new:@ROOT@/ks/n.jks':
  certificate => '@ROOT@/pki/ca.pem',
  password    => 'changeit',
}
java_ks { 'old:@ROOT@/ks/n.jks':
  ensure      => latest,
  certificate => '@ROOT@/pki/server2.pem',
  password    => 'changeit',
}
java_ks { 'missing:@ROOT@/ks/n.jks':
  ensure      => latest,
  certificate => '@ROOT@/pki/not-yet.pem',
  password    => 'changeit',
}
