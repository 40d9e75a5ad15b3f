$x = lookup({'default_value' => 5})
