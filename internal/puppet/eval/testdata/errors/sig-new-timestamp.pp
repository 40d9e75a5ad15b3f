$x = Timestamp.new(1, 2, 3)
