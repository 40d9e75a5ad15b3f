$x = lookup('a', 'String')
