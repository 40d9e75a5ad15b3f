$x = deep_merge(1, 2)
