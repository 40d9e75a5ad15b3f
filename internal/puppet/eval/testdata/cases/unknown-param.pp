notify { 'x': mesage => 'typo' }
