class { 'php': manage_repos => false, fpm => 'yes' }
