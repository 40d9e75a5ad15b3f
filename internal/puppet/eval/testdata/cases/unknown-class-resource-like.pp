class { 'nope': }
