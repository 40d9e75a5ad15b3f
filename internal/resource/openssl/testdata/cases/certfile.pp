# Certificates downloaded and written as PEM or DER; a file that holds
# the certificate already, one in the other format, one holding another
# certificate, a source that is not a certificate.
# setup: cp pki/ca.crt r/same.pem && openssl x509 -in pki/ca.crt -outform der -out r/der.crt && cp pki/expired.crt r/other.pem
cert_file { '@ROOT@/r/ca.pem': ensure => present, source => '@URL@/ca.crt' }
cert_file { '@ROOT@/r/ca.der': ensure => present, source => '@URL@/ca.crt', format => der }
cert_file { '@ROOT@/r/same.pem': ensure => present, source => '@URL@/ca.crt' }
cert_file { '@ROOT@/r/der.crt': ensure => present, source => '@URL@/ca.crt' }
cert_file { '@ROOT@/r/other.pem': ensure => present, source => '@URL@/ca.crt' }
cert_file { '@ROOT@/r/notcert.pem': ensure => present, source => '@URL@/a.key' }
