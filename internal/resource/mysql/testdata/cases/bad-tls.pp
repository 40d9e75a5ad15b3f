mysql_user { 'badtls@localhost': tls_options => ['SSL', 'X509'] }
mysql_user { 'other@localhost': ensure => present }
