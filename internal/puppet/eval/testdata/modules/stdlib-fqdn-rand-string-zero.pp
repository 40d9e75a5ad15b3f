$x = fqdn_rand_string(0)
