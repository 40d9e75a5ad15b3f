$x = stdlib::ensure('bogus')
