notify { 'n': require => Notify }
