$x = Integer.new('1', 'x')
