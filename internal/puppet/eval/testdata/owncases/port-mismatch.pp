class { 'ordoeval': port => 70000 }
