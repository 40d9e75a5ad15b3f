$x = values_at([1], 'x')
