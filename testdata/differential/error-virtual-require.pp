@notify { 'v': }
notify { 'x': require => Notify['v'] }
