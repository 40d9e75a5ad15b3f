$x = lookup(['a'], String, 3)
