include postgresql::server
postgresql::server::db { 'appdb': user => 'app', password => 'secret' }
