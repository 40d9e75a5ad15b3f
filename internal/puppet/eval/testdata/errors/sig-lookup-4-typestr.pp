$x = lookup('a', 'String', 'first', 1)
