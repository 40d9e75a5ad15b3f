$x = lookup(['a', 1], {})
