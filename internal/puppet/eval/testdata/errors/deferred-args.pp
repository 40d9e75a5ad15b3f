$x = Deferred('upcase', 'abc')
