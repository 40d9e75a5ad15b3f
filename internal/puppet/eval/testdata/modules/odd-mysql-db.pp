mysql::db { 'nopass': user => 'app', ensure => 'latest' }
