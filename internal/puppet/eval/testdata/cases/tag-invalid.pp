notify { 'x': tag => 'two words' }
