notify { 'x': tag => 'a', tag => 'b' }
