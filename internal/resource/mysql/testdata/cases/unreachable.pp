# setup: printf '[client]\nsocket=%s/nowhere.sock\n' $ROOT > $ROOT/.my.cnf
mysql_database { 'd': }
mysql_user { 'app@localhost': }
mysql_grant { 'app@localhost/d.*': user => 'app@localhost', table => 'd.*', privileges => ['SELECT'] }
notify { 'still': }
