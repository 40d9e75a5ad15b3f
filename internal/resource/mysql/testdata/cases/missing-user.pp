# sql: CREATE DATABASE d
mysql_grant { 'ghost@localhost/d.*': user => 'ghost@localhost', table => 'd.*', privileges => ['SELECT'] }
mysql_database { 'after': }
