# setup: keytool -importcert -noprompt -alias gone -file pki/ca.pem -keystore ks/a.jks -storepass changeit && keytool -importcert -noprompt -alias kept -file pki/server.pem -keystore ks/a.jks -storepass changeit
# ensure => absent deletes the entry, and an entry not there is left so.
java_ks { 'gone:@ROOT@/ks/a.jks':
  ensure   => absent,
  password => 'changeit',
}
java_ks { 'never:@ROOT@/ks/a.jks':
  ensure   => absent,
  password => 'changeit',
}
