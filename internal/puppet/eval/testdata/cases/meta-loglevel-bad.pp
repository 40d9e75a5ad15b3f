notify { 'x': loglevel => 'loud' }
