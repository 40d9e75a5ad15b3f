# sql: CREATE DATABASE gone
# sql: CREATE USER 'app'@'localhost' IDENTIFIED BY 'secret'
# sql: CREATE USER 'other'@'localhost' IDENTIFIED BY 'secret'
# sql: GRANT SELECT ON gone.* TO 'app'@'localhost'
# sql: GRANT SELECT, INSERT ON gone.* TO 'other'@'localhost' WITH GRANT OPTION
mysql_database { ['gone', 'never']: ensure => absent }
mysql_grant { 'other@localhost/gone.*': ensure => absent }
mysql_grant { 'app@localhost/gone.*': ensure => absent, user => 'app@localhost', table => 'gone.*' }
mysql_user { ['app@localhost', 'never@localhost']: ensure => absent }
