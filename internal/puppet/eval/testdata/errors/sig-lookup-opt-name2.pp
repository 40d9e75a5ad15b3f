$x = lookup('a', {'name' => 'b'})
