$x = lookup({'name' => 'a'}, 1)
