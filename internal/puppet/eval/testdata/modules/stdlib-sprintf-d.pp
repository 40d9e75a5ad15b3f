$x = sprintf('%d', 'abc')
