# sql: CREATE DATABASE same CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci
notify { 'kick': }
~> mysql_database { 'same': charset => 'utf8mb4', collate => 'utf8mb4_general_ci' }
~> mysql_user { 'app@localhost': password_hash => '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7' }
~> mysql_grant { 'app@localhost/same.*': user => 'app@localhost', table => 'same.*', privileges => ['SELECT'] }
