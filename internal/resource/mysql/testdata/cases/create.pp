mysql_database { 'plain': }
mysql_database { 'wide': charset => 'utf8mb4', collate => 'utf8mb4_unicode_ci' }
mysql_user { 'app@localhost': password_hash => '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7', max_user_connections => 3, max_queries_per_hour => '100' }
mysql_user { 'tls@%': password_hash => '*14E65567ABDB5135D0CFD9A70B3032C179A49EE7', tls_options => ['SSL'] }
mysql_user { 'nopass@localhost': }
mysql_grant { 'app@localhost/wide.*': user => 'app@localhost', table => 'wide.*', privileges => ['SELECT', 'INSERT'] }
mysql_grant { 'tls@%/*.*': user => 'tls@%', table => '*.*', privileges => ['ALL'], options => ['GRANT'] }
