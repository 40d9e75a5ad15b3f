$x = lookup('a', {'merge' => 1})
