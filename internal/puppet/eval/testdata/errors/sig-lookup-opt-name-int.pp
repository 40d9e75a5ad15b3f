$x = lookup({'name' => 1})
