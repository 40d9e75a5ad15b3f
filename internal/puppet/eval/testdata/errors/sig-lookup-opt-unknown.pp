$x = lookup({'name' => 'a', 'default' => 5})
