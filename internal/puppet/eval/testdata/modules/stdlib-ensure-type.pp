$x = stdlib::ensure(true, 'nosuch')
