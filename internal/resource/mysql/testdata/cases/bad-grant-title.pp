mysql_grant { 'app@localhost/other.*': user => 'app@localhost', table => 'd.*', privileges => ['SELECT'] }
