notify { 'x': before => 'x' }
