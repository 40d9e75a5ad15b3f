mongodb::db { 'app': user => 'app' }
