$x = Timestamp('garbage')
