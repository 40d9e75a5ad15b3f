$x = stdlib::seeded_rand(0, 'x')
