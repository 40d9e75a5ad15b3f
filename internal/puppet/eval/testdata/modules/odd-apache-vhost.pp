include apache
apache::vhost { 'bad.example.com': port => 'http', docroot => 'relative/www', ssl => 'yes' }
