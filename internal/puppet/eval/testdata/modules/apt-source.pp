include apt
apt::source { 'example': location => 'http://deb.example.com', repos => 'main', release => 'stable' }
