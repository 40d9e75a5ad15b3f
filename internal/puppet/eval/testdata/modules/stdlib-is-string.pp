$x = is_string('a')
