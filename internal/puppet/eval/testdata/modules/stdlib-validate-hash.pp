$x = validate_hash({})
