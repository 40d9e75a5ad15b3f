$x = seeded_rand('10', 'x')
