$x = validate_string('a')
