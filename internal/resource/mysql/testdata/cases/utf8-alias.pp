# sql: CREATE DATABASE d CHARACTER SET utf8 COLLATE utf8_general_ci
# sql: CREATE DATABASE e CHARACTER SET latin1
mysql_database { 'd': ensure => present }
mysql_database { 'e': ensure => present, collate => 'utf8mb3_bin' }
