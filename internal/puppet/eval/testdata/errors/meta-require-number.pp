notify { 'x': require => 42 }
