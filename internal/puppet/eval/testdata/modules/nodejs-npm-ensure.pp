class { 'nodejs': repo_class => undef, npm_package_ensure => 42 }
