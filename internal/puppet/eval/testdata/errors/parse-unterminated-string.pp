$x = 'abc
