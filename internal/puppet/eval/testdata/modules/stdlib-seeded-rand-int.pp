$x = stdlib::seeded_rand(10, 3)
