# Existing files: an expired certificate of the right key is kept (the
# module does not look at dates), one of another key is made again with
# force, kept without it.
# setup: cp pki/a.key r/host.key && cp pki/expired.crt r/host.crt && cp pki/b.key r/other.key && cp pki/expired.crt r/other.crt && cp pki/expired.crt r/keep.crt && printf '[ req ]\ndistinguished_name = dn\nprompt = no\n[ dn ]\ncountryName = CH\ncommonName = host.example\n' > r/host.cnf && cp r/host.cnf r/other.cnf && cp r/host.cnf r/keep.cnf
x509_cert { '@ROOT@/r/host.crt': force => true, ensure => present }
x509_cert { '@ROOT@/r/other.crt': force => true, ensure => present, days => 10 }
x509_cert { '@ROOT@/r/keep.crt': private_key => '@ROOT@/r/other.key', ensure => present }
