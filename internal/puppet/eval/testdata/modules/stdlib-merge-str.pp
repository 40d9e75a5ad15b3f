$x = merge({'a' => 1}, 'x')
