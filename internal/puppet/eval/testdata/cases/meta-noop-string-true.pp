notify { 'x': noop => 'true' }
