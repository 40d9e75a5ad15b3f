mysql_user { 'nohost': }
