$x = sprintf('%d', 'a')
