$x = merge(1, {})
