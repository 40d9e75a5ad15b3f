notify { 'n': require => Class['nosuch'] }
