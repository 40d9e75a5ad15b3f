include postgresql::server
postgresql::server::db { 'x': user => 'x', password => 'p', encoding => 42 }
