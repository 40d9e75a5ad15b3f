$x = seeded_rand_string(3, undef)
