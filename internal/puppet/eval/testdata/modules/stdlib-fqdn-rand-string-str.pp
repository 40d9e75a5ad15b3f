$x = stdlib::fqdn_rand_string('a')
