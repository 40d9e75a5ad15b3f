$x = stdlib::seeded_rand_string(3, 'x', 'a')
