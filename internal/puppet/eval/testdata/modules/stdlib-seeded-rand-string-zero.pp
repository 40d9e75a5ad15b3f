$x = stdlib::seeded_rand_string(0, 'x')
