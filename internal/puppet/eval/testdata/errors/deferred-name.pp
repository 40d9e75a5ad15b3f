$x = Deferred(123)
