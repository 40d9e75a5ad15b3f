$x = delete(1, 'a')
