# sql: CREATE USER 'sock'@'localhost' IDENTIFIED BY 'secret'
# sql: CREATE USER 'tls'@'localhost' REQUIRE SSL
# sql: CREATE USER 'cert'@'localhost' REQUIRE X509
mysql_user { 'sock@localhost': plugin => 'unix_socket' }
mysql_user { 'tls@localhost': tls_options => ['CIPHER \'ECDHE-RSA-AES256-GCM-SHA384\'', 'SUBJECT \'/CN=app\''] }
mysql_user { 'cert@localhost': tls_options => ['NONE'], password_hash => Sensitive('*14E65567ABDB5135D0CFD9A70B3032C179A49EE7') }
mysql_user { 'new@localhost': plugin => 'unix_socket', max_connections_per_hour => 9 }
mysql_user { 'hash@localhost': plugin => 'mysql_native_password', password_hash => '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7' }
