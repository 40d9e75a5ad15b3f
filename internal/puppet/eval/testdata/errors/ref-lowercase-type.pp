notify { 'x': }
notify { 'n': require => notify['x'] }
