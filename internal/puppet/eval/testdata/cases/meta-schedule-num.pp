notify { 'x': schedule => 42 }
