$x = has_key({'a' => 1}, 'a')
