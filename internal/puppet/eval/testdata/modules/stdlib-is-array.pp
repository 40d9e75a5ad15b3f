$x = is_array([])
