notify { 'a': message => stdlib::fqdn_rand_string(10) }
notify { 'b': message => stdlib::fqdn_rand_string(8, 'abc', 'seed') }
notify { 'c': message => stdlib::fqdn_rand_string(6, '', 'x', 2) }
notify { 'd': message => stdlib::fqdn_rand_string(5, undef, ['p', 'q']) }
notify { 'e': message => fqdn_rand_string(7) }
