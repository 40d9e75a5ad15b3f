$x = stdlib::fqdn_rand_string(3, 1)
