# sql: CREATE USER 'app'@'localhost'
mysql_grant { 'app@localhost/d.*': user => 'app@localhost', table => 'd.*', privileges => ['PROXY'] }
