# A key size RSA refuses, a template that is not there, a wrong password
# for the key; what requires them is skipped. A key without ensure nor
# owner, group or mode is not managed at all.
ssl_pkey { '@ROOT@/r/small.key': ensure => present, size => 12 }
ssl_pkey { '@ROOT@/r/ok.key': ensure => present, password => 'right' }
ssl_pkey { '@ROOT@/r/unmanaged.key': size => 12 }
x509_request { '@ROOT@/r/ok.csr': ensure => present, password => 'wrong', template => '@ROOT@/pki/req.cnf' }
x509_request { '@ROOT@/r/nocnf.csr': ensure => present, private_key => '@ROOT@/r/ok.key', password => 'right', template => '@ROOT@/r/missing.cnf' }
x509_cert { '@ROOT@/r/small.crt': ensure => present, template => '@ROOT@/pki/req.cnf', require => Ssl_pkey['@ROOT@/r/small.key'] }
