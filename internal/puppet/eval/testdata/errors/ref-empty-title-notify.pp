notify { 'x': require => Notify[''] }
