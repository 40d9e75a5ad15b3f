# A source the server does not have (404), and a file made absent.
# setup: cp pki/ca.crt r/gone.pem
cert_file { '@ROOT@/r/missing.pem': ensure => present, source => '@URL@/nothere.crt' }
cert_file { '@ROOT@/r/gone.pem': ensure => absent, source => '@URL@/ca.crt' }
