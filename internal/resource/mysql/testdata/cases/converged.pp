# sql: CREATE DATABASE same CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci
# sql: CREATE USER 'app'@'localhost' IDENTIFIED BY 'secret' WITH MAX_USER_CONNECTIONS 2
# sql: GRANT SELECT, INSERT ON same.* TO 'app'@'localhost'
mysql_database { 'same': charset => 'utf8mb4', collate => 'utf8mb4_general_ci' }
mysql_user { 'app@localhost': password_hash => '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7', max_user_connections => 2, tls_options => 'NONE' }
mysql_grant { 'app@localhost/same.*': user => 'app@localhost', table => 'same.*', privileges => ['insert', 'select'], options => ['NONE'] }
