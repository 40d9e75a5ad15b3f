# A source that is not http(s): the catalog is refused.
cert_file { '@ROOT@/r/ftp.pem': ensure => present, source => 'ftp://127.0.0.1/ca.crt' }
