# sql: CREATE DATABASE old CHARACTER SET latin1 COLLATE latin1_swedish_ci
# sql: CREATE USER 'app'@'localhost' IDENTIFIED BY 'secret' WITH MAX_USER_CONNECTIONS 5
# sql: GRANT SELECT ON old.* TO 'app'@'localhost'
# sql: GRANT ALL ON *.* TO 'app'@'localhost'
# flags: --noop
mysql_database { 'old': charset => 'utf8mb4', collate => 'utf8mb4_bin' }
mysql_user { 'app@localhost': password_hash => '*023494FBCDFBF9C93B6B2663B348A1C4A939B247', max_user_connections => 0, max_updates_per_hour => 7, tls_options => ['NONE'] }
mysql_grant { 'app@localhost/old.*': user => 'app@localhost', table => 'old.*', privileges => ['SELECT', 'UPDATE', 'DELETE'], options => ['GRANT'] }
mysql_grant { 'app@localhost/*.*': user => 'app@localhost', table => '*.*', privileges => ['RELOAD'] }
