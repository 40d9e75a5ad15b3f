$x = lookup('a', Hash, 42)
