# Data types as strings, as Puppet writes them after parameterizing.
notify { 'x': message => [String(Integer[default,2]), String(Float[1]), String(Float[1.0, 2]), String(Regexp['a']), String(Variant[Integer]), String(Integer[1]), String(Optional['a'])] }
