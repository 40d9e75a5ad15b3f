class { 'redis': port => 'six-three-seven-nine' }
