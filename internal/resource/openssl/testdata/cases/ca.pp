# A certificate signed by a CA (-CA, -CAkey, -CAcreateserial, the template
# as -extfile) from a request.
# setup: cp pki/a.key r/srv.key && printf '[ req ]\ndistinguished_name = dn\nprompt = no\n[ dn ]\ncommonName = srv.example\n' > r/srv.cnf
x509_request { '@ROOT@/r/srv.csr': ensure => present, encrypted => false }
x509_cert { '@ROOT@/r/srv.crt': ensure => present, csr => '@ROOT@/r/srv.csr', ca => '@ROOT@/pki/ca.crt', cakey => '@ROOT@/pki/ca.key', days => 90, require => X509_request['@ROOT@/r/srv.csr'] }
