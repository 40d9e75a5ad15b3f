# sql: CREATE USER 'app'@'localhost' IDENTIFIED BY 'secret'
mysql_user { 'app@localhost': password_hash => 'plaintext', max_user_connections => 4 }
