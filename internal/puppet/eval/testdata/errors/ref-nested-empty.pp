notify { 'n': require => Notify[] }
