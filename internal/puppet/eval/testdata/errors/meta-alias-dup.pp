notify { 'x': alias => 'y' }
notify { 'y': }
