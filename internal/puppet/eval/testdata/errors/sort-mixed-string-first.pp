$r = ['a', 1].sort
