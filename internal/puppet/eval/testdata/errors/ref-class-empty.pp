notify { 'n': require => Class[''] }
