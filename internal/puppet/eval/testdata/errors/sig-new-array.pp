$x = Array.new(1, 2, 3)
