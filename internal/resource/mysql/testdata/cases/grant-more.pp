# sql: CREATE DATABASE d
# sql: CREATE PROCEDURE d.p() SELECT 1
# sql: CREATE USER 'app'@'localhost'
# sql: CREATE USER 'proxied'@'localhost'
# sql: CREATE USER 'gone'@'localhost'
# sql: GRANT SELECT ON d.* TO 'gone'@'localhost'
mysql_grant { 'app@localhost/PROCEDURE d.p': user => 'app@localhost', table => 'PROCEDURE d.p', privileges => ['EXECUTE'] }
mysql_grant { 'app@localhost/proxied@localhost': user => 'app@localhost', table => 'proxied@localhost', privileges => ['PROXY'] }
mysql_grant { 'app@localhost/d.*': user => 'app@localhost', table => 'd.*', privileges => [] }
mysql_user { 'gone@localhost': ensure => absent }
-> mysql_grant { 'gone@localhost/d.*': ensure => absent }
