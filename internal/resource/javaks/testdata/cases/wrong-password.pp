# setup: keytool -importcert -noprompt -alias ca -file pki/ca.pem -keystore ks/w.jks -storepass changeit
# A password that does not open the keystore.
java_ks { 'other:@ROOT@/ks/w.jks':
  certificate => '@ROOT@/pki/server.pem',
  password    => 'wrongpass',
}
