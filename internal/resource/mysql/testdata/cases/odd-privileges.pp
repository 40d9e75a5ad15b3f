# sql: CREATE DATABASE d
# sql: CREATE TABLE d.t (a INT, b INT, c INT)
# sql: CREATE USER 'app'@'localhost'
mysql_grant { 'app@localhost/d.*': user => 'app@localhost', table => 'd.*', privileges => ['select', ' Insert ', 'all', 'grant option'] }
mysql_grant { 'app@localhost/*.*': user => 'app@localhost', table => '*.*', privileges => ['SELECT', 'ALL'] }
mysql_grant { 'app@localhost/d.t': user => 'app@localhost', table => '`d`.t', privileges => ['select(c,a)', 'UPDATE (b)'] }
