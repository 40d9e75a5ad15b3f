$x = undef < 1
